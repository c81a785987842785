import { formatDate, formatShares } from '../../contract/format';
import { noticesOptOutLabel } from '../../contract/notices';
import { webRoutes } from '../../contract/web-routes';
import {
  counterpartyPhrase,
  formatAmount,
  isTransactionType,
  parseSignedAmount,
  typeLabel,
} from '../../ledger';
import { senderName } from '../mail/account-mail';
import type { MailMessage } from '../mail/mailer';
import type { NoticeHolder, NoticeLine, OperationNoticeFacts } from './operation-notice-facts';

/** One part of a notice, written as plain text and as HTML from the same words. */
type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'quote'; title: string; text: string };

/** The entry form's kinds as a sentence names them; another kind by its own name. */
const OPERATION_NOUNS: Record<string, string> = {
  'New Issue': 'a new issue',
  Transfer: 'a transfer',
  'Convert to Preferred': 'a conversion to preferred',
  Cancel: 'a cancellation',
};
const operationNoun = (type: string) => OPERATION_NOUNS[type] ?? `an operation (${type})`;

const shareWord = (shown: string) => (shown === '1' ? 'share' : 'shares');

/** "Transfer Out: 100 shares of Common Stock from certificate CS-1, to Bob Buyer". */
export function lineText(line: NoticeLine): string {
  const magnitude = line.shares.replace(/^-/, '');
  const shown = formatShares(magnitude);
  const label = isTransactionType(line.type) ? typeLabel(line.type) : line.type;
  const received = !line.shares.startsWith('-');
  const where = received
    ? `on new certificate ${line.certificate}${line.origin ? ` (from certificate ${line.origin})` : ''}`
    : `from certificate ${line.certificate}`;
  const other = counterpartyPhrase(line.type, line.counterparty);
  return `${label}: ${shown} ${shareWord(shown)} of ${line.className} ${where}${other ? `, ${other}` : ''}`;
}

/** "900 Common Stock and 0 Preferred Stock (900 in all)". */
function balanceText(facts: OperationNoticeFacts, holder: NoticeHolder): string {
  const { common, preferred } = holder.after;
  const total = formatAmount(parseSignedAmount(common) + parseSignedAmount(preferred));
  return (
    `${formatShares(common)} ${facts.classNames.common} and ` +
    `${formatShares(preferred)} ${facts.classNames.preferred} (${formatShares(total)} in all)`
  );
}

function blocksOf(facts: OperationNoticeFacts, holder: NoticeHolder, publicUrl: string): Block[] {
  const id = encodeURIComponent(holder.id);
  const date = holder.lines[0]?.date;
  const when = date ? ` dated ${formatDate(date)}` : '';
  const blocks: Block[] = [
    { kind: 'paragraph', text: `Dear ${holder.name},` },
    {
      kind: 'paragraph',
      text:
        `This is a notice of a change to your shares in ${facts.company}: ` +
        `${operationNoun(facts.operationType)}` +
        `${when}, recorded in its stock ledger on ${formatDate(facts.recordedOn)}.`,
    },
    { kind: 'list', items: holder.lines.map(lineText) },
  ];
  if (facts.reason) blocks.push({ kind: 'paragraph', text: `Reason: ${facts.reason}` });
  blocks.push(
    {
      kind: 'paragraph',
      text: `Your shares after this change: ${balanceText(facts, holder)}.`,
    },
    {
      kind: 'link',
      text: 'Your statement, with every certificate and transaction:',
      url: `${publicUrl}${webRoutes.view}?SH_UID=${id}`,
    },
  );
  if (facts.legend.trim())
    blocks.push({
      kind: 'quote',
      title: "The legend on the company's certificates:",
      text: facts.legend.trim(),
    });
  blocks.push({
    kind: 'link',
    text: `To stop these notices, untick "${noticesOptOutLabel}" on your profile:`,
    url: `${publicUrl}${webRoutes.profile}?SH_UID=${id}`,
  });
  return blocks;
}

const textOf = (block: Block): string => {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'link':
      return `${block.text}\n${block.url}`;
    case 'quote':
      return `${block.title}\n${block.text}`;
  }
};

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const htmlOf = (block: Block): string => {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'list':
      return `<ul>${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
    case 'link':
      return `<p>${escapeHtml(block.text)}<br><a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`;
    case 'quote':
      return (
        `<p>${escapeHtml(block.title)}</p>` +
        `<blockquote style="white-space: pre-line">${escapeHtml(block.text)}</blockquote>`
      );
  }
};

/**
 * The notice to one holder after an operation (DGCL §151(f)): what changed for them, their
 * balance after it, the link to their statement and how to turn notices off, in the company's
 * name and signed as the account mails are (MAIL_FROM's name and the company); plain text and
 * the same words as simple HTML.
 */
export function noticeMail(
  facts: OperationNoticeFacts,
  holder: NoticeHolder & { email: string },
  config: { publicUrl: string; mailFrom: string },
): MailMessage {
  const blocks = blocksOf(facts, holder, config.publicUrl);
  const sender = senderName(config.mailFrom);
  const signature = [sender, facts.company];
  const subject = `${facts.company}: Notice of a change to your shares (${facts.operationType})`;
  return {
    to: holder.email,
    subject,
    text: `${blocks.map(textOf).join('\n\n')}\n\n-- \n${signature.join('\n')}\n`,
    html:
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title>` +
      `</head><body>${blocks.map(htmlOf).join('\n')}` +
      `<p>-- <br>${signature.map(escapeHtml).join('<br>')}</p></body></html>`,
  };
}
