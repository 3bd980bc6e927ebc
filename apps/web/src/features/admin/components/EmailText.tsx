/**
 * An e-mail address that may wrap after its @ (a narrow table column, a phone), and within a part
 * only where that part alone is still wider than its box.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@') + 1;
  return (
    <span className={`break-words ${className}`}>
      {email.slice(0, at)}
      {at > 0 ? <wbr /> : null}
      {email.slice(at)}
    </span>
  );
}
