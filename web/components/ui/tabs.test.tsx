/**
 * The member pages' tabs (tabs.tsx) against Radix Tabs, which they stand in for: the same markup and
 * roles, and the same answers to the pointer and the keys, left to right and right to left.
 */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Direction, Tabs as RadixTabs } from 'radix-ui';
import { Tabs } from './tabs.tsx';

const values = ['groups', 'plans', 'payments', 'referrals'] as const;

function Example({ kind, onValueChange, initial = 'plans' }: { kind: 'ours' | 'radix'; onValueChange?: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  const T = kind === 'ours' ? Tabs : RadixTabs;
  return (
    <>
      <button type="button">Before</button>
      <T.Root
        value={value}
        onValueChange={(next: string) => {
          onValueChange?.(next);
          setValue(next);
        }}
        className="mt-6"
      >
        <T.List aria-label="Dashboard sections" className="flex">
          {values.map((tab) => (
            <T.Trigger key={tab} value={tab} className="tab">
              {tab}
            </T.Trigger>
          ))}
        </T.List>
        {values.map((tab) => (
          <T.Content key={tab} value={tab} className="mt-4">
            <p>{tab} panel</p>
          </T.Content>
        ))}
      </T.Root>
      <button type="button">After</button>
    </>
  );
}

/**
 * The markup with attributes in one order, the generated ids numbered in order, and Radix's own
 * bookkeeping (its collection marker, the animation guard of a panel's first frame) left out.
 */
function markup(root: HTMLElement): string {
  const ids = new Map<string, string>();
  const id = (value: string) => value.replace(/(radix-)?(«[^»]*»|:r[0-9a-z]+:|_r_[0-9a-z]+_)/g, (found) => {
    if (!ids.has(found)) ids.set(found, `id${ids.size}`);
    return ids.get(found)!;
  });
  const serialize = (node: Node): string => {
    if (!(node instanceof Element)) return node.textContent ?? '';
    const attributes = [...node.attributes]
      .filter((attribute) => attribute.name !== 'data-radix-collection-item' && attribute.name !== 'data-kind')
      .map((attribute) => [attribute.name, attribute.name === 'style' ? attribute.value.replace(/ ?animation-duration: 0s;/, '') : id(attribute.value)])
      .filter(([name, value]) => !(name === 'style' && value === ''))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    return `<${node.tagName.toLowerCase()}${attributes}>${[...node.childNodes].map(serialize).join('')}</${node.tagName.toLowerCase()}>`;
  };
  return serialize(root);
}

function renderBoth(dir: 'ltr' | 'rtl' = 'ltr') {
  const wrap = (kind: 'ours' | 'radix') => (
    <Direction.Provider dir={dir}>
      <div data-kind={kind}>
        <Example kind={kind} />
      </div>
    </Direction.Provider>
  );
  render(wrap('ours'));
  render(wrap('radix'));
  const root = (kind: string) => document.querySelector<HTMLElement>(`[data-kind="${kind}"]`)!;
  return { ours: root('ours'), radix: root('radix') };
}

const selected = (root: HTMLElement) => within(root).getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
const focused = (root: HTMLElement) => (root.contains(document.activeElement) ? document.activeElement?.textContent : null);

describe('Tabs', () => {
  it('draws the markup of Radix Tabs: tab list, tabs with their panels, content only in the chosen one', async () => {
    const { ours, radix } = renderBoth();
    await waitFor(() => expect(markup(ours)).toBe(markup(radix)));
    const panel = within(ours).getByRole('tabpanel');
    expect(panel.textContent).toBe('plans panel');
    expect(panel.getAttribute('aria-labelledby')).toBe(within(ours).getByRole('tab', { name: 'plans' }).id);
    expect(within(ours).getByRole('tab', { name: 'plans' }).getAttribute('aria-controls')).toBe(panel.id);
  });

  for (const dir of ['ltr', 'rtl'] as const) {
    it(`answers the keys as Radix Tabs do (${dir})`, async () => {
      const user = userEvent.setup();
      const { ours, radix } = renderBoth(dir);
      for (const root of [ours, radix]) {
        const steps: (string | null | undefined)[][] = [];
        within(root).getByRole('button', { name: 'Before' }).focus();
        await user.tab(); // onto the list, which passes focus to the chosen tab
        steps.push([focused(root), selected(root)]);
        for (const key of ['{ArrowRight}', '{ArrowRight}', '{ArrowRight}', '{ArrowLeft}', '{Home}', '{End}', '{PageUp}', '{PageDown}', '{ArrowDown}']) {
          await user.keyboard(key);
          await new Promise((resolve) => setTimeout(resolve, 0));
          steps.push([key, focused(root), selected(root), within(root).getByRole('tabpanel').textContent]);
        }
        await user.tab();
        steps.push(['Tab', focused(root)]);
        await user.tab({ shift: true });
        steps.push(['Shift+Tab', focused(root), markup(root)]);
        await user.tab({ shift: true });
        steps.push(['Shift+Tab', focused(root)]);
        (root as HTMLElement & { steps?: unknown }).steps = steps;
      }
      const steps = (root: HTMLElement) => (root as HTMLElement & { steps?: unknown }).steps;
      expect(steps(ours)).toEqual(steps(radix));
    });
  }

  it('chooses a tab by click, and tells only of a change', async () => {
    const user = userEvent.setup();
    const changes = vi.fn();
    render(<Example kind="ours" onValueChange={changes} />);
    await user.click(screen.getByRole('tab', { name: 'plans' }));
    expect(changes).not.toHaveBeenCalled();
    await user.click(screen.getByRole('tab', { name: 'referrals' }));
    expect(changes).toHaveBeenLastCalledWith('referrals');
    expect(screen.getByRole('tabpanel').textContent).toBe('referrals panel');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'referrals' }));
    expect(screen.getByRole('tab', { name: 'referrals' }).tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'plans' }).tabIndex).toBe(-1);
  });
});
