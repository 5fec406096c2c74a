/**
 * What an audit entry is about, named as a person reads it (RULES §11): the member, the plan and group
 * number, the month, the bank account, rather than ids. One SQL expression per entry, computed with the
 * page of entries in one query; a record since removed is null (the id stays in the entry). The parts
 * come as data, and each screen words them in its own language.
 */
import type { AuditSubject } from '../../contract/audit.ts';

/** SQL: the entity id of audit entry `a` as a uuid, or null when it is none. */
const entityUuid = (a: string) => `(CASE WHEN ${a}.entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ${a}.entity_id::uuid END)`;

/** SQL: a subject object of these parts (json_strip_nulls leaves out the ones a kind of record does not have). */
const subject = (parts: Record<string, string>) => `json_strip_nulls(json_build_object(${Object.entries(parts).map(([k, v]) => `'${k}', ${v}`).join(', ')}))`;

/** SQL: the subject of audit entry `a` (JSON, see AuditSubject), or null. */
export function auditSubjectSql(a = 'a'): string {
  const id = entityUuid(a);
  return `(CASE ${a}.entity_type
    WHEN 'user' THEN (SELECT ${subject({ member: 'su.name' })} FROM users su WHERE su.id = ${id})
    WHEN 'plan' THEN (SELECT ${subject({ plan: 'sp.name' })} FROM committee_plans sp WHERE sp.id = ${id})
    WHEN 'group' THEN (SELECT ${subject({ plan: 'sp.name', groupNumber: 'sg.group_number' })} FROM committee_groups sg JOIN committee_plans sp ON sp.id = sg.plan_id WHERE sg.id = ${id})
    WHEN 'bank_account' THEN (SELECT ${subject({ bank: 'sb.bank_name', account: 'sb.account_name' })} FROM bank_accounts sb WHERE sb.id = ${id})
    WHEN 'payment' THEN (
      SELECT ${subject({ member: 'su.name', plan: 'sp.name', groupNumber: 'sg.group_number', month: "CASE WHEN py.type = 'INSTALMENT' THEN py.month END", year: "CASE WHEN py.type = 'INSTALMENT' THEN py.year END", planRequest: "CASE WHEN py.type = 'SUBSCRIPTION' THEN true END" })}
      FROM payments py JOIN users su ON su.id = py.user_id JOIN committee_plans sp ON sp.id = py.plan_id LEFT JOIN committee_groups sg ON sg.id = py.group_id
      WHERE py.id = ${id})
    WHEN 'winner' THEN (
      SELECT ${subject({ member: 'su.name', plan: 'sp.name', groupNumber: 'sg.group_number', month: 'sw.month', year: 'sw.year' })}
      FROM winners sw JOIN users su ON su.id = sw.user_id JOIN committee_plans sp ON sp.id = sw.plan_id JOIN committee_groups sg ON sg.id = sw.group_id
      WHERE sw.id = ${id})
    WHEN 'draw' THEN (
      SELECT ${subject({ plan: 'sp.name', groupNumber: 'sg.group_number', month: 'sd.month', year: 'sd.year' })}
      FROM draws sd JOIN committee_plans sp ON sp.id = sd.plan_id JOIN committee_groups sg ON sg.id = sd.group_id
      WHERE sd.id = ${id})
    WHEN 'commission_batch' THEN (SELECT ${subject({ month: 'sc.month', year: 'sc.year' })} FROM commission_batches sc WHERE sc.id = ${id})
  END)`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The subject in English words, for the CSV export ('Aisha Khan, Gold, Group 1, March 2026'). */
export function subjectText(s: AuditSubject | null): string {
  if (!s) return '';
  return [
    s.member,
    s.bank && s.account ? `${s.bank}, ${s.account}` : undefined,
    s.plan,
    s.groupNumber ? `Group ${s.groupNumber}` : undefined,
    s.month && s.year ? `${MONTHS[s.month - 1]} ${s.year}` : undefined,
    s.planRequest ? 'plan request' : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}
