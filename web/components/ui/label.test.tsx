/** The form label answers the mouse as Radix's Label did. */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Label as RadixLabel } from 'radix-ui';
import { Label } from './label.tsx';

describe('Label', () => {
  it('keeps a double click from selecting its text, but not a click on a control inside it, as Radix Label does', () => {
    render(
      <>
        <Label htmlFor="ours">
          Ours <input aria-label="ours inside" />
        </Label>
        <RadixLabel.Root htmlFor="radix">
          Radix <input aria-label="radix inside" />
        </RadixLabel.Root>
      </>,
    );
    const outcomes = (name: 'ours' | 'radix', label: HTMLElement) => [
      fireEvent.mouseDown(label, { detail: 1 }),
      fireEvent.mouseDown(label, { detail: 2 }),
      fireEvent.mouseDown(screen.getByRole('textbox', { name: `${name} inside` }), { detail: 2 }),
    ];
    const ours = outcomes('ours', screen.getByText('Ours'));
    expect(ours).toEqual([true, false, true]);
    expect(ours).toEqual(outcomes('radix', screen.getByText('Radix')));
    expect(screen.getByText('Ours').getAttribute('for')).toBe('ours');
  });
});
