import { useQuery } from '@tanstack/react-query';
import { profileInfoQuery } from '../api.ts';
import { profilesText as text } from '../strings.ts';

/**
 * The saved location, phone, education and linkedin, only those present (SPEC 'My Profile'),
 * as rows of the profile card's description list.
 */
export function SavedProfile({ email }: { email: string }) {
  const { data } = useQuery(profileInfoQuery(email));
  if (!data) return null;
  const rows = [
    [text.location, data.location],
    [text.phone, data.phone],
    [text.education, data.education],
    [text.linkedin, data.linkedin],
  ] as const;
  return rows.map(([label, value]) =>
    value ? (
      <div key={label} className="contents">
        <dt className="text-sm font-medium">{label}</dt>
        <dd className="break-words">{value}</dd>
      </div>
    ) : null,
  );
}
