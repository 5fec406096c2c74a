/** A Button with asChild lends its look and props to its child exactly as Radix's Slot did. */
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Slot } from 'radix-ui';
import { Button } from './button.tsx';

describe('Button asChild', () => {
  it('merges its props into the child as Radix Slot does: the child wins, classes, styles, descriptions and handlers combine, both refs are set', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    // Typed as the button's ref; with asChild it is given the child's element.
    const buttonRef = createRef<HTMLButtonElement>();
    const childRef = vi.fn();
    const slotRef = createRef<HTMLAnchorElement>();
    const slotChildRef = vi.fn();
    const props = {
      title: 'from the button',
      'aria-describedby': 'hint shared',
      style: { color: 'red', margin: 1 },
      'data-extra': 'yes',
    };
    const child = (ref: (node: HTMLAnchorElement | null) => void, name: string) => (
      <a
        ref={ref}
        href="/profile"
        className="link"
        title="from the link"
        aria-describedby="shared own"
        style={{ margin: 2 }}
        onClick={(event) => {
          event.preventDefault();
          calls.push(`${name}: child`);
        }}
      >
        {name}
      </a>
    );
    render(
      <>
        <Button asChild variant="outline" size="sm" ref={buttonRef} onClick={() => calls.push('ours: button')} {...props}>
          {child(childRef, 'ours')}
        </Button>
        <Slot.Root ref={slotRef} onClick={() => calls.push('radix: button')} {...props}>
          {child(slotChildRef, 'radix')}
        </Slot.Root>
      </>,
    );
    const ours = screen.getByRole('link', { name: 'ours' });
    const radix = screen.getByRole('link', { name: 'radix' });
    const attributes = (element: Element) =>
      Object.fromEntries([...element.attributes].filter((attribute) => attribute.name !== 'class').map((attribute) => [attribute.name, attribute.value]));
    expect(attributes(ours)).toEqual(attributes(radix));
    expect(ours.getAttribute('aria-describedby')).toBe('shared own hint');
    expect(ours.className.split(' ')).toContain('link');
    expect(ours.className).toContain('border-border');
    expect(buttonRef.current).toBe(ours);
    expect(childRef).toHaveBeenLastCalledWith(ours);
    expect(slotChildRef).toHaveBeenLastCalledWith(radix);

    await user.click(ours);
    await user.click(radix);
    expect(calls).toEqual(['ours: child', 'ours: button', 'radix: child', 'radix: button']);
  });
});
