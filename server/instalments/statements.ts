/**
 * Statements (RULES §6a): for a member, every instalment of one group or of all their groups with its
 * dates and state, their totals paid, owed and remaining, and each group's collected, paid out and held,
 * in PKR under the operator's name, in the member's language (Urdu right to left, in Nastaliq). The figures come from the figures module and the group ledger; the
 * PDF is drawn with pdfkit, in a worker thread (statement-worker.ts, decision 042).
 */
import PDFDocument from 'pdfkit';
import type { Language } from '../../contract/accounts.ts';
import { formatPkr, rupeesFromDb } from '../../contract/money.ts';
import { groupMessages } from '../../contract/groups.ts';
import { userMessages } from '../../contract/users.ts';
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import { figureColumnsSql, figuresFromRow, instalmentStateSql, stateJoinSql, type BusinessDay, type FigureRow, type InstalmentState } from '../figures/figures.ts';
import { groupLedger } from './group-ledger.ts';
import { needsBidi, rtlWriter, type RtlWriter } from './rtl-pdf.ts';
import { statementTexts, type StatementTexts } from './statement-texts.ts';

/** The name the statements are issued under (in the PDF's metadata, whatever its language). */
export const OPERATOR_NAME = statementTexts.en.operator;

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
  /** Null while the member is in the group; else the day they left it (Pakistan time), and the group they were moved to, if moved. */
  left: { on: string; movedToGroupNumber: string | null } | null;
};
/**
 * `member.language` is the language the statement is written in: the member's own, whoever downloads it.
 * `activeGroups`: the groups the member is in now, of those listed (a group they left or were moved from
 * is listed as history, never counted).
 */
export type Statement = { member: { name: string; email: string; phone: string | null; language: Language }; asOf: string; activeGroups: number; groups: StatementGroup[] };

/** The statement of a member: of one group (which must be theirs, else not found) or of all their groups. */
export async function memberStatement(db: Queryable, day: BusinessDay, userId: string, groupId: string | null): Promise<Statement> {
  if (!isUuid(userId)) throw notFound(userMessages.notFound);
  if (groupId !== null && !isUuid(groupId)) throw notFound(groupMessages.notFound);
  const user = (await db.query<Statement['member']>('SELECT name, email, phone, language FROM users WHERE id = $1', [userId])).rows[0];
  if (!user) throw notFound(userMessages.notFound);
  // Each of the member's groups with the member's figures there, and their instalments in order.
  const { rows } = await db.query<
    FigureRow & { group_id: string; plan_name: string; group_number: string; member_number: number; start_date: string; end_date: string; left_on: string | null; moved_to_group_number: string | null; instalments: { month: number; year: number; due_date: string; amount: string; state: InstalmentState; paid_on: string | null }[] | null }
  >(
    `SELECT m.group_id, pl.name AS plan_name, g.group_number, m.member_number, g.start_date::text, g.end_date::text,
       CASE WHEN m.status <> 'ACTIVE' THEN to_char(coalesce(m.left_at, m.joined_at) AT TIME ZONE '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD') END AS left_on,
       moved.group_number AS moved_to_group_number, own.*
     FROM group_members m JOIN committee_groups g ON g.id = m.group_id JOIN committee_plans pl ON pl.id = g.plan_id
       LEFT JOIN committee_groups moved ON moved.id = m.moved_to_group_id
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
      left: row.left_on ? { on: row.left_on, movedToGroupNumber: row.moved_to_group_number } : null,
    });
  }
  return { member: user, asOf: day.today, activeGroups: groups.filter((g) => g.left === null).length, groups };
}

/** The statement as a PDF in the member's language, written into a stream (read whole by the statement worker). */
export function statementPdf(statement: Statement): PDFKit.PDFDocument {
  const t = statementTexts[statement.member.language];
  const doc = new PDFDocument({ size: 'A4', margin: 48, ...(statement.member.language === 'ur' ? { lang: 'ur' } : {}), info: { Title: t.documentTitle(statement.member.name), Author: OPERATOR_NAME } });
  if (statement.member.language === 'ur') rightToLeft(doc, statement, t);
  else leftToRight(doc, statement, t);
  doc.end();
  return doc;
}

/** Whether the member is in the group, or since when they are not and where they went. */
function standing(t: StatementTexts, group: StatementGroup): string {
  if (!group.left) return t.active;
  return group.left.movedToGroupNumber ? t.moved(group.left.on, group.left.movedToGroupNumber) : t.left(group.left.on);
}

/** Each figure as the statement writes it: "PKR 5,000", in both languages. */
const pkr = <T extends Record<string, number>>(figures: T) => Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, formatPkr(v)])) as { [K in keyof T]: string };

/** The table's columns in reading order, with their share of the width; `end` marks the amount, aligned to the line's far end. */
const statementColumns = (t: StatementTexts) => [
  { title: t.columns.month, width: 0.26, end: false },
  { title: t.columns.dueDate, width: 0.18, end: false },
  { title: t.columns.amount, width: 0.2, end: true },
  { title: t.columns.status, width: 0.18, end: false },
  { title: t.columns.paidOn, width: 0.18, end: false },
];

function leftToRight(doc: PDFKit.PDFDocument, statement: Statement, t: StatementTexts) {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  let bidiLines: RtlWriter | undefined;
  /**
   * A line holding what someone typed: in Helvetica, unless it holds Urdu (a member's or a plan's name)
   * or a directional character, when it is laid out left to right by the bidirectional algorithm.
   */
  const typedLine = (text: string, size: number, bold = false) => {
    if (!needsBidi(text)) {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size).text(text, left);
      return;
    }
    bidiLines ??= rtlWriter(doc);
    const style = { size, bold };
    const y = doc.y;
    bidiLines.line(text, { left }, y + size * 1.6, style, 'ltr');
    doc.x = left;
    doc.y = y + bidiLines.lineHeight(style);
  };

  doc.font('Helvetica-Bold').fontSize(18).text(t.operator);
  doc.font('Helvetica').fontSize(12).text(t.heading, { continued: false });
  doc.fontSize(9).fillColor('#444').text(t.asOf(statement.asOf)).fillColor('#000');
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text(t.member);
  typedLine(t.name(statement.member.name), 10);
  typedLine(t.email(statement.member.email), 10);
  if (statement.member.phone) typedLine(t.phone(statement.member.phone), 10);
  doc.font('Helvetica').fontSize(10);
  if (statement.groups.length === 0) doc.moveDown().text(t.noGroups);
  else doc.text(t.activeGroups(statement.activeGroups));

  const columns = statementColumns(t);
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 24) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      const w = columns[i].width * width;
      doc.text(cell, x, y, { width: w - 6, align: columns[i].end ? 'right' : 'left', lineBreak: false });
      x += w;
    });
    doc.x = left;
    doc.y = y + 14;
  };

  for (const group of statement.groups) {
    doc.moveDown();
    if (doc.y > doc.page.height - 200) doc.addPage();
    typedLine(t.group(group.planName, group.groupNumber), 12, true);
    doc.font('Helvetica').fontSize(9).text(t.membership(group.memberNumber, group.startDate, group.endDate));
    doc.font('Helvetica-Bold').fontSize(9).text(standing(t, group));
    // Moved: the months went with the member to the new group, where they are listed.
    if (group.left?.movedToGroupNumber) continue;
    doc.moveDown(0.5);
    row(columns.map((c) => c.title), true);
    for (const i of group.instalments) {
      row([`${t.months[i.month - 1]} ${i.year}`, i.dueDate, formatPkr(i.amount), t.states[i.state], i.paidOn ?? '']);
    }
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(10).text(t.totals(pkr(group.totals)), left, doc.y, { width });
    doc.font('Helvetica').fontSize(10).text(t.groupTotals(pkr(group.group)), left, doc.y, { width });
  }
  doc.moveDown();
  doc.fontSize(8).fillColor('#444').text(t.notes, left, doc.y, { width });
}

/**
 * The same statement mirrored for a right-to-left reader: every line flush right, the table's first
 * column (the month) on the right. Lines are placed by hand (pdfkit's flow is left to right), a
 * Nastaliq line taller than a Latin one.
 */
function rightToLeft(doc: PDFKit.PDFDocument, statement: Statement, t: StatementTexts) {
  const rtl = rtlWriter(doc);
  const { left, right: rightMargin, top, bottom } = doc.page.margins;
  const right = doc.page.width - rightMargin;
  const width = right - left;
  let y = top;

  /** Room for `height` more points on this page, or a new page. */
  const room = (height: number) => {
    if (y + height > doc.page.height - bottom) {
      doc.addPage();
      y = top;
    }
  };
  /** A paragraph flush right, broken into lines that fit. */
  const paragraph = (text: string, style: { size: number; bold?: boolean }, color = '#000') => {
    doc.fillColor(color);
    for (const line of rtl.wrap(text, width, style)) {
      const height = rtl.lineHeight(style);
      room(height);
      rtl.line(line, { right }, y + style.size * 1.6, style);
      y += height;
    }
    doc.fillColor('#000');
  };
  const gap = (points: number) => {
    y += points;
  };

  paragraph(t.operator, { size: 18, bold: true });
  paragraph(t.heading, { size: 12 });
  paragraph(t.asOf(statement.asOf), { size: 9 }, '#444');
  gap(8);
  paragraph(t.member, { size: 11, bold: true });
  paragraph(t.name(statement.member.name), { size: 10 });
  paragraph(t.email(statement.member.email), { size: 10 });
  if (statement.member.phone) paragraph(t.phone(statement.member.phone), { size: 10 });
  if (statement.groups.length === 0) {
    gap(8);
    paragraph(t.noGroups, { size: 10 });
  } else paragraph(t.activeGroups(statement.activeGroups), { size: 10 });

  // Right to left: the first column is the rightmost; the amount, flush right in English, is flush left here.
  const columns = statementColumns(t);
  const cellStyle = { size: 9 };
  const row = (cells: string[], bold = false) => {
    const style = { ...cellStyle, bold };
    const height = rtl.lineHeight(style) * 0.85;
    room(height);
    let edge = right;
    cells.forEach((cell, i) => {
      const w = columns[i].width * width;
      if (cell) rtl.line(cell, columns[i].end ? { left: edge - w + 6 } : { right: edge }, y + style.size * 1.5, style);
      edge -= w;
    });
    y += height;
  };

  for (const group of statement.groups) {
    gap(10);
    room(200);
    paragraph(t.group(group.planName, group.groupNumber), { size: 12, bold: true });
    paragraph(t.membership(group.memberNumber, group.startDate, group.endDate), { size: 9 });
    paragraph(standing(t, group), { size: 9, bold: true });
    if (group.left?.movedToGroupNumber) continue;
    row(columns.map((c) => c.title), true);
    for (const i of group.instalments) {
      row([`${t.months[i.month - 1]} ${i.year}`, i.dueDate, formatPkr(i.amount), t.states[i.state], i.paidOn ?? '']);
    }
    gap(4);
    paragraph(t.totals(pkr(group.totals)), { size: 10, bold: true });
    paragraph(t.groupTotals(pkr(group.group)), { size: 10 });
  }
  gap(8);
  paragraph(t.notes, { size: 8 }, '#444');
}
