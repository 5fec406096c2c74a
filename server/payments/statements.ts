/**
 * Statements (RULES §6a): for a member, every instalment of one group or of all their groups with its
 * dates and state, their totals paid, owed and remaining, and each group's collected, paid out and held,
 * in PKR under the operator's name. The figures come from the figures module and the group ledger; the
 * PDF is drawn with pdfkit and streamed as it is written.
 */
import PDFDocument from 'pdfkit';
import { formatPkr, rupeesFromDb } from '../../contract/money.ts';
import { groupMessages } from '../../contract/plans.ts';
import { userMessages } from '../../contract/users.ts';
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import { figureColumnsSql, figuresFromRow, instalmentStateSql, stateJoinSql, type BusinessDay, type FigureRow, type InstalmentState } from './figures.ts';
import { groupLedger } from './group-ledger.ts';

/** The name the statements are issued under. */
export const OPERATOR_NAME = 'Umrah Committee';

export type StatementGroup = {
  id: string;
  planName: string;
  groupNumber: string;
  memberNumber: number;
  startDate: string;
  endDate: string;
  instalments: { month: number; year: number; dueDate: string; amount: number; state: InstalmentState; paidOn: string | null }[];
  totals: { paid: number; owed: number; overdue: number; remaining: number };
  group: { collected: number; paidOut: number; held: number };
};
export type Statement = { member: { name: string; email: string; phone: string | null }; asOf: string; groups: StatementGroup[] };

/** The statement of a member: of one group (which must be theirs, else not found) or of all their groups. */
export async function memberStatement(db: Queryable, day: BusinessDay, userId: string, groupId: string | null): Promise<Statement> {
  if (!isUuid(userId)) throw notFound(userMessages.notFound);
  if (groupId !== null && !isUuid(groupId)) throw notFound(groupMessages.notFound);
  const user = (await db.query<{ name: string; email: string; phone: string | null }>('SELECT name, email, phone FROM users WHERE id = $1', [userId])).rows[0];
  if (!user) throw notFound(userMessages.notFound);
  // Each of the member's groups with the member's figures there, and their instalments in order.
  const { rows } = await db.query<
    FigureRow & { group_id: string; plan_name: string; group_number: string; member_number: number; start_date: string; end_date: string; instalments: { month: number; year: number; due_date: string; amount: string; state: InstalmentState; paid_on: string | null }[] | null }
  >(
    `SELECT m.group_id, pl.name AS plan_name, g.group_number, m.member_number, g.start_date::text, g.end_date::text, own.*
     FROM group_members m JOIN committee_groups g ON g.id = m.group_id JOIN committee_plans pl ON pl.id = g.plan_id
     CROSS JOIN LATERAL (
       SELECT ${figureColumnsSql(day)},
         json_agg(json_build_object('month', p.month, 'year', p.year, 'due_date', p.due_date::text, 'amount', p.amount::text, 'state', ${instalmentStateSql(day)},
           'paid_on', CASE WHEN p.status = 'PAID' THEN to_char(coalesce(p.approved_at, p.payment_date) AT TIME ZONE '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD') END)
           ORDER BY p.year, p.month) AS instalments
       FROM payments p ${stateJoinSql(day)} WHERE p.group_id = m.group_id AND p.user_id = m.user_id AND p.type = 'INSTALMENT'
     ) own
     WHERE m.user_id = $1 AND ($2::uuid IS NULL OR m.group_id = $2)
     ORDER BY g.start_date, pl.name, g.group_number`,
    [userId, groupId],
  );
  if (groupId !== null && rows.length === 0) throw notFound(groupMessages.notFound);
  const groups: StatementGroup[] = [];
  for (const row of rows) {
    const figures = figuresFromRow(row);
    const ledger = await groupLedger(db, day, row.group_id, { kind: 'admin' });
    groups.push({
      id: row.group_id,
      planName: row.plan_name,
      groupNumber: row.group_number,
      memberNumber: row.member_number,
      startDate: row.start_date,
      endDate: row.end_date,
      instalments: (row.instalments ?? []).map((i) => ({ month: i.month, year: i.year, dueDate: i.due_date, amount: rupeesFromDb(i.amount), state: i.state, paidOn: i.paid_on })),
      totals: {
        paid: figures.paid.amount,
        owed: figures.owed.amount,
        overdue: figures.overdue.amount,
        // Every instalment not yet paid, owed ones included (docs/rules.md).
        remaining: (Math.round(figures.scheduled.amount * 100) + Math.round(figures.pending.amount * 100)) / 100,
      },
      group: { collected: ledger.totals.collected, paidOut: ledger.totals.paidOut, held: ledger.totals.held },
    });
  }
  return { member: user, asOf: day.today, groups };
}

const STATE_WORDS: Record<InstalmentState, string> = { PAID: 'Paid', UNDER_REVIEW: 'Under review', OWED: 'Owed', OVERDUE: 'Overdue', SCHEDULED: 'Scheduled' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The statement as a PDF, written into a stream that the caller sends as it fills. */
export function statementPdf(statement: Statement): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Statement of ${statement.member.name}`, Author: OPERATOR_NAME } });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(18).text(OPERATOR_NAME);
  doc.font('Helvetica').fontSize(12).text('Statement of instalments', { continued: false });
  doc.fontSize(9).fillColor('#444').text(`As of ${statement.asOf} (Pakistan time). Amounts in PKR.`).fillColor('#000');
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text('Member');
  doc.font('Helvetica').fontSize(10).text(`Name: ${statement.member.name}`).text(`Email: ${statement.member.email}`);
  if (statement.member.phone) doc.text(`Phone: ${statement.member.phone}`);
  if (statement.groups.length === 0) doc.moveDown().text('No groups yet.');

  const columns = [
    { title: 'Month', width: 0.26 },
    { title: 'Due date', width: 0.18 },
    { title: 'Amount', width: 0.2, right: true },
    { title: 'Status', width: 0.18 },
    { title: 'Paid on', width: 0.18 },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 24) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      const w = columns[i].width * width;
      doc.text(cell, x, y, { width: w - 6, align: columns[i].right ? 'right' : 'left', lineBreak: false });
      x += w;
    });
    doc.x = left;
    doc.y = y + 14;
  };

  for (const group of statement.groups) {
    doc.moveDown();
    if (doc.y > doc.page.height - 200) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(`${group.planName}, Group ${group.groupNumber}`, left);
    doc.font('Helvetica').fontSize(9).text(`Member number ${group.memberNumber}. Cycle ${group.startDate} to ${group.endDate}.`);
    doc.moveDown(0.5);
    row(columns.map((c) => c.title), true);
    for (const i of group.instalments) {
      row([`${MONTHS[i.month - 1]} ${i.year}`, i.dueDate, formatPkr(i.amount), STATE_WORDS[i.state], i.paidOn ?? '']);
    }
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(10).text(`Your totals: paid ${formatPkr(group.totals.paid)}; owed ${formatPkr(group.totals.owed)} (of which overdue ${formatPkr(group.totals.overdue)}); remaining ${formatPkr(group.totals.remaining)}.`, left, doc.y, { width });
    doc.font('Helvetica').fontSize(10).text(`The group so far: collected ${formatPkr(group.group.collected)}; paid out to winners ${formatPkr(group.group.paidOut)}; held ${formatPkr(group.group.held)}.`, left, doc.y, { width });
  }
  doc.moveDown();
  doc.fontSize(8).fillColor('#444').text('Owed: due and not paid, no receipt waiting. Overdue: owed after the grace day. Remaining: every instalment not yet paid. Held: collected less paid out.', left, doc.y, { width });
  doc.end();
  return doc;
}
