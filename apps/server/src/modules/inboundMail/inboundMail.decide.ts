import { APPROVALS_ACTION_KEY, type LanguageCode } from '@servicedesk/contracts';
import { eq } from 'drizzle-orm';
import { approvalRecords } from '../../db/schema';
import * as access from '../../lib/access';
import { decide } from '../../lib/approvals/engine';
import { checkDecisionToken, releaseDecisionToken, useDecisionToken, type DecisionTokenProblem, type DecisionTokenRow } from '../../lib/approvals/mail-tokens';
import type { AuthUser } from '../../types';
import { cleanSubject, parseReplyDecision, stripQuoted, type InboundMessage } from './inboundMail.parse';
import { reasonOf } from './inboundMail.reasons';
import { mailText, queueReply, reasonText } from './inboundMail.replies';
import type { FinishMessage, HandledMessage, InboundContext } from './inboundMail.service';

/** The problems of a token, in the order a reply's answer names them when several were tried. */
const PROBLEM_ORDER: DecisionTokenProblem[] = ['stepClosed', 'used', 'notYours', 'forged'];

/**
 * A decide-by-reply (step 4): the first of the reply's tokens that checks out for the sender,
 * its first line's decision, then the engine's `decide` with the same checks as the page (the
 * `approvals` action key of the sender's user type, approver or active substitute, not the
 * author, the kind's decision key, a rejection's reason of at least 10 characters, a budget over
 * its line only with the page's override). Anything that stops it is answered with what was
 * understood and why nothing was decided; the token then stays usable (unless the problem is the
 * token itself).
 */
export async function decideByReply(
  ctx: InboundContext,
  inboundId: number,
  mail: InboundMessage,
  user: AuthUser,
  lang: LanguageCode,
  tokens: string[],
  finish: FinishMessage,
): Promise<HandledMessage> {
  const { deps } = ctx;
  let valid: DecisionTokenRow | undefined;
  let row: DecisionTokenRow | undefined;
  let problem: DecisionTokenProblem | undefined;
  for (const token of tokens) {
    const checked = await checkDecisionToken(deps.db, deps.config, token, user.id);
    if (checked.ok) {
      valid = row = checked.row;
      break;
    }
    if (!problem || PROBLEM_ORDER.indexOf(checked.problem) < PROBLEM_ORDER.indexOf(problem)) problem = checked.problem;
    // The record is named in the answer only to its addressee.
    if (checked.problem !== 'forged' && checked.problem !== 'notYours') row ??= checked.row;
  }
  const own = stripQuoted(mail.text);
  const parsed = parseReplyDecision(own);
  const firstLine = own.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  const understood = parsed
    ? (mailText(lang, 'understood', parsed.decision, { reason: parsed.reason || '—' }) ?? parsed.decision)
    : (mailText(lang, 'understood', 'nothing', { line: firstLine.slice(0, 200) || '—' }) ?? firstLine);
  const record = row ? { recordKind: row.recordKind, recordId: row.recordId } : null;

  const refuse = async (code: string, params: Record<string, string | number> = {}, message = code) => {
    const [approval] = row ? await deps.db.select({ title: approvalRecords.title, number: approvalRecords.number, url: approvalRecords.url }).from(approvalRecords).where(eq(approvalRecords.id, row.approvalId)) : [];
    await queueReply(deps, {
      to: user.email,
      lang,
      kind: 'replyNotDecided',
      params: { title: approval?.title ?? (cleanSubject(mail.subject) || '—'), number: approval?.number ?? '—', understood, reason: reasonText(lang, code, params, message) },
      link: approval?.url ?? '/home/approvals',
      inReplyTo: mail.messageId,
      inboundId,
      record,
    });
    return finish({ destination: 'processed', status: 'refused', outcome: 'notDecided', reason: `${code}: ${message}`.slice(0, 2000), userId: user.id, record, details: { code, params, understood: parsed?.decision ?? null, tokenId: row?.id ?? null } });
  };

  if (!valid) return refuse(problem ?? 'forged');
  if (!parsed) return refuse('notUnderstood');
  row = valid;
  if (!(await useDecisionToken(deps.db, row.id, inboundId))) return refuse('used');
  try {
    await access.require(deps, user, APPROVALS_ACTION_KEY);
    const outcome = await decide(deps, user, row.recordKind, row.recordId, parsed.decision, parsed.reason || undefined, ctx.now?.() ?? new Date(), ctx.log);
    return finish({ destination: 'processed', status: 'processed', outcome: 'decision', userId: user.id, record, details: { decision: parsed.decision, comment: parsed.reason || null, tokenId: row.id, from: outcome.from, to: outcome.to } });
  } catch (error) {
    await releaseDecisionToken(deps.db, row.id, inboundId);
    const reason = reasonOf(error);
    if (reason.code === 'internal') throw error;
    return refuse(reason.code, reason.params, reason.message);
  }
}
