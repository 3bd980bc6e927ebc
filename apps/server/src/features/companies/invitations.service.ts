// Invitations to a company (issue 18 #1): an owner invites someone by e-mail to a role and a
// spending limit, as a single-use link (only its hash is kept) that works for INVITATION_DAYS; the
// person signed in with that address accepts it once, before it expires, and joins.
import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_MEMBERS_MAX,
  type Company,
  type CompanyInvitation,
  companyMessages,
  INVITATION_DAYS,
  type InvitationBody,
} from '@axle/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../domain/errors.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { invitationMessage } from './companies.mail.ts';
import {
  getCompany,
  join,
  lockCompany,
  membersOf,
  pendingInvitations,
  requireOwner,
  toCents,
  toInvitation,
} from './companies.service.ts';
import { companies, companyInvitations, companyMembers } from './companies.table.ts';

/** How an invitation's link is made: the shop's address. */
export type InvitationMail = { publicUrl: string };

const hashInvitation = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * An owner invites someone by e-mail to the role and spending limit they are to have: a
 * single-use link (only its hash is kept) that works for INVITATION_DAYS, mailed by the queue once committed.
 * Someone already a member or invited gets a 409, as does a company that is full.
 */
export async function inviteMember(
  db: Db,
  mail: InvitationMail,
  caller: RequestUser,
  body: InvitationBody,
  at: Date,
): Promise<CompanyInvitation> {
  const token = randomBytes(32).toString('base64url');
  const invitation = await db.transaction(async (tx) => {
    const { companyId } = await requireOwner(tx, caller);
    await lockCompany(tx, companyId);
    const [people] = await tx
      .select({ n: count() })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId));
    const [invited] = await tx
      .select({ n: count() })
      .from(companyInvitations)
      .where(pendingInvitations(companyId, at));
    if ((people?.n ?? 0) + (invited?.n ?? 0) >= COMPANY_MEMBERS_MAX)
      throw new Conflict(companyMessages.full);
    const email = body.email.trim();
    const [taken] = await tx
      .select({ id: companyInvitations.id })
      .from(companyInvitations)
      .where(
        and(
          pendingInvitations(companyId, at),
          sql`lower(${companyInvitations.email}) = lower(${email})`,
        ),
      )
      .limit(1);
    const members = await membersOf(tx, companyId);
    if (taken || members.some((member) => member.email.toLowerCase() === email.toLowerCase()))
      throw new Conflict(companyMessages.invitedAlready);
    const [row] = await tx
      .insert(companyInvitations)
      .values({
        tokenHash: hashInvitation(token),
        companyId,
        email,
        role: body.role,
        spendingLimitCents: toCents(body.spendingLimit),
        invitedBy: caller.id,
        expiresAt: new Date(at.getTime() + INVITATION_DAYS * 24 * 3600 * 1000),
      })
      .returning();
    const [company] = await tx
      .select({ legalName: companies.legalName })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!row || !company) throw new Error('the new invitation was not returned');
    await queueMail(
      tx,
      invitationMessage({
        to: row.email,
        invitedBy: caller.name,
        legalName: company.legalName,
        role: row.role,
        link: `${mail.publicUrl}/company/join?token=${token}`,
      }),
    );
    return row;
  });
  return toInvitation(invitation);
}

/** An owner withdraws an invitation that is still waiting: its link stops working at once. */
export async function revokeInvitation(
  db: Db,
  caller: RequestUser,
  id: string,
  at: Date,
): Promise<{ deletedCount: number }> {
  const { companyId } = await requireOwner(db, caller);
  const [revoked] = await db
    .update(companyInvitations)
    .set({ revokedAt: at })
    .where(and(eq(companyInvitations.id, id), pendingInvitations(companyId, at)))
    .returning({ id: companyInvitations.id });
  if (!revoked) throw new NotFound('No such invitation waiting');
  return { deletedCount: 1 };
}

/**
 * The signed-in person takes an invitation sent to their own address: once, before it expires,
 * and only if they belong to no company yet. Anything else changes nothing.
 */
export async function acceptInvitation(
  db: Db,
  caller: RequestUser,
  token: string,
  at: Date,
): Promise<Company> {
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.tokenHash, hashInvitation(token)))
      .for('update');
    if (!invitation) throw new Invalid(companyMessages.token);
    if (
      invitation.acceptedAt ||
      invitation.revokedAt ||
      invitation.expiresAt.getTime() <= at.getTime()
    )
      throw new Conflict(companyMessages.invitationGone);
    if (invitation.email.toLowerCase() !== caller.email.toLowerCase())
      throw new Forbidden(companyMessages.otherAddress(invitation.email));
    await lockCompany(tx, invitation.companyId);
    await join(tx, caller.id, invitation.companyId, {
      role: invitation.role,
      spendingLimitCents: invitation.spendingLimitCents,
    });
    await tx
      .update(companyInvitations)
      .set({ acceptedAt: at, acceptedBy: caller.id })
      .where(eq(companyInvitations.id, invitation.id));
  });
  return getCompany(db, caller, at);
}
