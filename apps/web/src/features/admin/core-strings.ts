/**
 * Words of core charges on Manage All Orders (issue 32 #4): a line's old parts, the order's
 * credit notes and the dialog that records the cores received. Loaded with the parts that show
 * them, apart from the page's first words (strings.ts): with them its first JavaScript was over
 * its 118 KB budget. The line's own words are the contract's (`coreMessages`).
 */
export const coreText = {
  creditNotes: 'Credit notes',
  creditNotesOf: (number: number) => `Credit notes of order ${number}`,
  /** What a credit note gave back: "2 cores of AX-000001 Starter motor". */
  creditNoteFor: (quantity: number, partNumber: string, name: string) =>
    `${quantity} ${quantity === 1 ? 'core' : 'cores'} of ${partNumber} ${name}`,
  refundedToCard: (amount: string) => `${amount} refunded to the card`,
  refundPending: (amount: string) => `${amount} to be refunded to the card`,
  creditedToAccount: (amount: string) => `${amount} credited to the company’s account`,
  download: 'Download',
  downloading: 'Preparing…',
  /** After the download button's visible text, for screen readers: which credit note. */
  which: (number: string) => ` credit note ${number}`,
  file: (number: string) => `${number}.pdf`,

  title: (number: number) => `Record returned cores of order ${number}`,
  body: (onAccount: boolean) =>
    onAccount
      ? 'A credit note is issued for the deposits of the old parts received, and credited to the company’s account.'
      : 'A credit note is issued for the deposits of the old parts received, and refunded to the card the order was paid with.',
  line: 'Line',
  /** A line whose cores are owed, as the dialog offers it: "AX-000001 Starter motor (2 owed)". */
  lineChoice: (partNumber: string, name: string, owed: number) =>
    `${partNumber} ${name} (${owed} owed)`,
  quantity: 'Cores received',
  quantityHint: (owed: number) =>
    owed === 1
      ? 'One core is still owed on this line.'
      : `1 to ${owed}: the cores still owed on this line.`,
  noneOwed: 'No core is owed on this order any more.',
  loadingLines: 'Loading the order’s lines…',
  linesFailed: 'The order’s lines could not be loaded.',
  issue: 'Issue the credit note',
  issuing: 'Issuing',
  cancel: 'Cancel',
  issued: (number: string) => `Credit note ${number} issued`,
} as const;
