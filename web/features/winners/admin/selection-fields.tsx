/** The selection form's group and member choices, with what each eligible member owes today. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { CommitteeDetails, EligibleMember } from './api.ts';
import { memberNumberOf, type eligibleHelp } from './display.ts';

export function GroupField({ details, loading, failed, value, onChange }: { details?: CommitteeDetails; loading: boolean; failed: boolean; value: string; onChange: (groupNumber: string) => void }) {
  const { t } = useTranslation('adminWinners');
  const groups = details?.groups ?? [];
  const hint = loading ? t('selection.groupsLoading') : failed ? t('toasts.loadGroupsFailed') : details && groups.length === 0 ? t('selection.noGroups') : undefined;
  return (
    <FormField label={t('selection.group')} hint={hint}>
      {(control) => (
        <Select {...control} value={value} disabled={loading || groups.length === 0} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('selection.groupPlaceholder')}</option>
          {groups.map((group) => {
            const option = t('selection.groupOption', { number: group.groupNumber, count: group.memberCount });
            return (
              <option key={group.id} value={group.groupNumber}>
                {group.isActive ? option : t('selection.groupInactive', { option })}
              </option>
            );
          })}
        </Select>
      )}
    </FormField>
  );
}

export function MemberField({
  members,
  value,
  onChange,
  help,
  onRetry,
}: {
  members: EligibleMember[];
  value: string;
  onChange: (userId: string) => void;
  help: ReturnType<typeof eligibleHelp>;
  onRetry: () => void;
}) {
  const { t } = useTranslation('adminWinners');
  const optionText = (member: EligibleMember) => {
    const number = memberNumberOf(member);
    const option = t('selection.memberOption', {
      name: member.user.name || t('selection.unknownName'),
      email: member.user.email || t('selection.noEmail'),
      number: number === null ? t('selection.noNumber') : t('selection.memberNumber', { number }),
    });
    const tags = memberTags(member);
    // A select's options are text only: the tags are words there too.
    return tags.length > 0 ? t('selection.memberOptionTagged', { option, tags: tags.map((tag) => t(`selection.tags.${tag}`)).join(', ') }) : option;
  };
  const helpText = help === 'count' ? t('selection.help.count', { count: members.length }) : t(`selection.help.${help}`);
  return (
    <div>
      <FormField label={t('selection.member')} hint={helpText}>
        {(control) => (
          <Select {...control} value={value} disabled={members.length === 0} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('selection.memberPlaceholder')}</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {optionText(member)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {help === 'failed' && (
        <Button variant="link" size="sm" className="mt-1 h-auto px-0" onClick={onRetry}>
          {t('selection.retry')}
        </Button>
      )}
    </div>
  );
}

type MemberTag = 'owes' | 'overdue';

/**
 * What an eligible member owes today (RULES §6a), in words: 'Owes' when an instalment is due, not paid
 * and no receipt waits (overdue included); 'Overdue' when one is owed after the grace day.
 */
export function memberTags(member: Pick<EligibleMember, 'hasOwed' | 'hasOverdue'>): MemberTag[] {
  const tags: MemberTag[] = [];
  if (member.hasOwed || member.hasOverdue) tags.push('owes');
  if (member.hasOverdue) tags.push('overdue');
  return tags;
}

/** The tags as badges: the word says it, the colour only repeats it. */
export function MemberTags({ member }: { member: EligibleMember }) {
  const { t } = useTranslation('adminWinners');
  return (
    <span className="inline-flex flex-wrap gap-1">
      {memberTags(member).map((tag) => (
        <Badge key={tag} tone={tag === 'overdue' ? 'danger' : 'warning'}>
          {t(`selection.tags.${tag}`)}
        </Badge>
      ))}
    </span>
  );
}

/** The eligible members who owe today, with their tags, so that the admin sees them before choosing. */
export function OwingMembers({ members }: { members: EligibleMember[] }) {
  const { t } = useTranslation('adminWinners');
  const titleId = useId();
  const owing = members.filter((member) => memberTags(member).length > 0);
  if (owing.length === 0) return null;
  return (
    <div className="mt-3 rounded-xl border border-border p-3">
      <p id={titleId} className="text-sm font-medium">
        {t('selection.owingTitle', { count: owing.length })}
      </p>
      <p className="text-xs text-muted-foreground">{t('selection.owingHint')}</p>
      <ul aria-labelledby={titleId} className="mt-2 space-y-1.5 text-sm">
        {owing.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words">{member.user.name || t('selection.unknownName')}</span>
            <MemberTags member={member} />
          </li>
        ))}
      </ul>
    </div>
  );
}
