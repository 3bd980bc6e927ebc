// Use case: quick order (issue 17 #4). A buyer types or pastes lines of `part number, quantity`
// (commas, semicolons, tabs or spaces between, as a spreadsheet or a CSV file gives them, numbers
// in any spelling); each line whose part exists and whose quantity can be ordered goes into the
// cart, and every other line is reported with the reason.
import {
  numberKey,
  type Part,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderReply,
  quickOrderMessages,
} from '@axle/contract';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Invalid } from '../../domain/errors.ts';
import { partForLine, partsByNumberKeys, replacementsOf } from '../catalog/catalog.service.ts';
import { putCartLines, readCart } from './cart.service.ts';

type ParsedLine = { line: number; text: string; number: string; quantity: number };
type Refused = QuickOrderReply['refused'][number];

/** A cell as a spreadsheet writes it: without its surrounding quotes (and doubled quotes undone). */
const unquote = (cell: string) => {
  const trimmed = cell.trim();
  return /^".*"$/s.test(trimmed) ? trimmed.slice(1, -1).replaceAll('""', '"').trim() : trimmed;
};

/**
 * A line's part number and quantity: split at its last comma, semicolon or tab, or else at its
 * last space (a part number may hold spaces: `P 83 140 100` is 100 of P 83 140).
 */
function splitLine(text: string): { number: string; quantity: string } | undefined {
  const at = Math.max(text.lastIndexOf(','), text.lastIndexOf(';'), text.lastIndexOf('\t'));
  const cut = at >= 0 ? at : text.trimEnd().lastIndexOf(' ');
  if (cut <= 0) return undefined;
  return { number: unquote(text.slice(0, cut)), quantity: unquote(text.slice(cut + 1)) };
}

/** The text's lines: those that say a part and a quantity, and the others with why not. */
export function parseQuickOrder(text: string): { lines: ParsedLine[]; refused: Refused[] } {
  const all = text.split(/\r\n|\r|\n/);
  const lines: ParsedLine[] = [];
  const refused: Refused[] = [];
  all.forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (text === '') return;
    const cells = splitLine(text);
    // A spreadsheet's header row ("partNumber,quantity") is not an order line.
    if (line === 1 && cells && /^(qty|quantity)$/i.test(cells.quantity)) return;
    if (!cells || cells.number === '') {
      refused.push({ line, text, reason: quickOrderMessages.malformed });
      return;
    }
    if (!/^\d{1,7}$/.test(cells.quantity) || Number(cells.quantity) < 1) {
      refused.push({ line, text, reason: quickOrderMessages.quantity });
      return;
    }
    lines.push({ line, text, number: cells.number, quantity: Number(cells.quantity) });
  });
  return { lines, refused };
}

/** Why `quantity` of `part` cannot be ordered, if it cannot. */
function refusal(part: Part, quantity: number): string | undefined {
  return quantity < part.minimumQuantity
    ? quickOrderMessages.belowMinimum(part.minimumQuantity)
    : quantity > part.availableQuantity
      ? quickOrderMessages.aboveStock(part.availableQuantity)
      : undefined;
}

/**
 * The part a line of a superseded number goes to (issue 32 #1): the old part while its stock
 * covers the line, else its newest replacement; with a note saying which, and why not if neither
 * can be ordered.
 */
function choosePart(
  named: Part,
  quantity: number,
  newest: ReadonlyMap<string, Part>,
): { part: Part; reason: string | undefined; note: string | undefined } {
  const { part, replacement } = partForLine(named, quantity, newest);
  const reason = refusal(part, quantity);
  if (!replacement) return { part, reason, note: undefined };
  if (part === named)
    return {
      part,
      reason,
      note: quickOrderMessages.stillOld(named.partNumber, replacement.partNumber),
    };
  return reason
    ? { part, reason: quickOrderMessages.neither(replacement.partNumber, reason), note: undefined }
    : { part, reason, note: quickOrderMessages.replaced(named.partNumber, replacement.partNumber) };
}

/** Puts the quick order's good lines in the caller's cart and says what happened to each line. */
export async function quickOrder(
  db: Db,
  caller: RequestUser,
  text: string,
): Promise<QuickOrderReply> {
  const parsed = parseQuickOrder(text);
  if (parsed.lines.length + parsed.refused.length > QUICK_ORDER_MAX_LINES)
    throw new Invalid(quickOrderMessages.tooLong);
  const found = await partsByNumberKeys(
    db,
    parsed.lines.map((line) => numberKey(line.number)),
  );
  const refused = [...parsed.refused];
  // The same part on several lines is one line of the first's number, quantities added up.
  const merged = new Map<string, { first: ParsedLine; quantity: number; notes: Set<number> }>();
  for (const line of parsed.lines) {
    const part = found.get(numberKey(line.number));
    if (!part) {
      refused.push({
        line: line.line,
        text: line.text,
        reason: quickOrderMessages.unknown(line.number),
      });
      continue;
    }
    const earlier = merged.get(part._id);
    if (earlier) {
      earlier.quantity += line.quantity;
      earlier.notes.add(line.line);
    } else merged.set(part._id, { first: line, quantity: line.quantity, notes: new Set() });
  }
  const newest = await replacementsOf(db, [...found.values()]);
  const added: QuickOrderReply['added'] = [];
  const toCart: { partId: string; quantity: number }[] = [];
  for (const { first, quantity, notes } of merged.values()) {
    const named = found.get(numberKey(first.number));
    if (!named) continue;
    const chosen = choosePart(named, quantity, newest);
    const { part, reason } = chosen;
    const note = [chosen.note, ...[...notes].map((line) => quickOrderMessages.merged(line))]
      .filter(Boolean)
      .join('. ');
    if (reason) {
      refused.push({
        line: first.line,
        text: first.text,
        reason: note ? `${reason}. ${note}` : reason,
      });
      continue;
    }
    toCart.push({ partId: part._id, quantity });
    added.push({
      line: first.line,
      partId: part._id,
      partNumber: part.partNumber,
      name: part.name,
      quantity,
      ...(note ? { note } : {}),
    });
  }
  const cart = await db.transaction(async (tx) => {
    await putCartLines(tx, caller, toCart, 'add');
    return readCart(tx, caller);
  });
  refused.sort((a, b) => a.line - b.line);
  added.sort((a, b) => a.line - b.line);
  return { added, refused, cart };
}
