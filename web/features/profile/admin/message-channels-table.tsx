/**
 * The kinds of message × the channels that carry them, each a labelled switch: a table on wide screens,
 * a list per kind on phones (only one is rendered, so each switch exists once). Email: reminder emails
 * are a choice; the other kinds' emails always go. WhatsApp and SMS need a confirmed phone and a provider.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { channelValues, messageKindValues } from '../../../../contract/messaging.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import type { MessageChannels } from './message-channels-api.ts';

export type Kind = (typeof messageKindValues)[number];
export type Channel = (typeof channelValues)[number] | 'email';
const COLUMNS: Channel[] = ['email', ...channelValues];

type Props = {
  data: MessageChannels;
  saving: boolean;
  onChange: (kind: Kind, channel: Channel, on: boolean) => void;
};

export function MessageChannelsTable({ data, saving, onChange }: Props) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 640px)');
  const phoneReady = data.availability.phoneConfirmed;
  const offered = (channel: Channel) => channel !== 'whatsapp' && channel !== 'sms' ? true : phoneReady && data.availability[`${channel}Configured`];

  const cell = (kind: Kind, channel: Channel) => {
    if (channel === 'email' && kind !== 'reminder') return <span className="text-sm text-muted-foreground">{t('profile.messages.emailAlways')}</span>;
    const checked = channel === 'email' ? data.emailReminders : data.choices[kind][channel];
    return (
      <ChannelSwitch
        label={t('profile.messages.switchLabel', { kind: t(`profile.messages.kinds.${kind}`), channel: t(`profile.messages.channels.${channel}`) })}
        checked={checked}
        disabled={saving || (!offered(channel) && !checked)}
        onChange={(on) => onChange(kind, channel, on)}
      />
    );
  };

  if (wide) {
    return (
      <table className="w-full text-sm">
        <caption className="sr-only">{t('profile.messages.tableCaption')}</caption>
        <thead>
          <tr className="border-b text-start">
            <th scope="col" className="py-2 text-start font-medium">
              {t('profile.messages.kind')}
            </th>
            {COLUMNS.map((channel) => (
              <th key={channel} scope="col" className="px-2 py-2 text-center font-medium">
                {t(`profile.messages.channels.${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {messageKindValues.map((kind) => (
            <tr key={kind} className="border-b last:border-0">
              <th scope="row" className="py-2 text-start font-normal">
                {t(`profile.messages.kinds.${kind}`)}
              </th>
              {COLUMNS.map((channel) => (
                <td key={channel} className="px-2 py-2 text-center">
                  {cell(kind, channel)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <ul className="space-y-4">
      {messageKindValues.map((kind) => (
        <li key={kind}>
          <h3 className="font-medium">{t(`profile.messages.kinds.${kind}`)}</h3>
          <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1">
            {COLUMNS.map((channel) => (
              <div key={channel} className="flex min-h-11 items-center justify-between gap-2">
                <dt className="text-sm text-muted-foreground">{t(`profile.messages.channels.${channel}`)}</dt>
                <dd>{cell(kind, channel)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ChannelSwitch({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <input
      id={id}
      type="checkbox"
      role="switch"
      aria-label={label}
      checked={checked}
      aria-checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
      className="size-5 accent-primary disabled:opacity-50"
    />
  );
}
