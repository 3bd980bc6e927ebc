/** A piece of text split at backticks: every second part is code. */
function segments(text: string) {
  let at = 0;
  return text.split('`').map((value, index) => {
    const segment = { value, code: index % 2 === 1, at };
    at += value.length + 1;
    return segment;
  });
}

/** Shows text written with `backticks` around code, with the code set as code. */
export function TextWithCode({ text }: { text: string }) {
  return (
    <>
      {segments(text).map((segment) =>
        segment.code ? (
          <code
            key={segment.at}
            className="rounded bg-base-300 px-1 py-0.5 font-mono text-[0.9em] wrap-anywhere"
          >
            {segment.value}
          </code>
        ) : (
          <span key={segment.at}>{segment.value}</span>
        ),
      )}
    </>
  );
}
