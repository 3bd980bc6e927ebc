import { Fragment } from 'react';

/** After these a long id, e-mail address, URL or part number may break: never inside a token. */
const BREAK_AFTER = /([-/_.@?&=:+,])/;

/**
 * Text that wraps at its own joints on a narrow screen (issue 30 #6): an order id breaks after a
 * hyphen, an e-mail address after its @ or a dot, a URL after a slash, instead of mid-token
 * (`break-all`) or not at all (a page that scrolls sideways). A token longer than the line
 * still breaks (`wrap-anywhere`), as a last resort.
 */
export function Breakable({ text, className = '' }: { text: string; className?: string }) {
  const pieces = text.split(BREAK_AFTER);
  return (
    <span className={`wrap-anywhere ${className}`}>
      {pieces.map((piece, index) =>
        // split() with a group gives text, joint, text, joint…: a joint is followed by a chance.
        // The pieces of one string never move, so their places are their keys.
        index % 2 === 1 ? (
          <Fragment key={index}>
            {piece}
            <wbr />
          </Fragment>
        ) : (
          piece
        ),
      )}
    </span>
  );
}
