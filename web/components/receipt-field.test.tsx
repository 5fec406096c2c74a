import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import '../lib/i18n.ts';
import type { ReceiptProblem } from '../lib/receipt-file.ts';
import { ReceiptField } from './receipt-field.tsx';

afterEach(() => vi.restoreAllMocks());

const file = (name: string, type: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });

/** The field as a form holds it: the chosen file, and the problem said as the form would say it. */
function Form({ progress = null, seen }: { progress?: number | null; seen: (ReceiptProblem | undefined)[] }) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<ReceiptProblem | undefined>();
  return (
    <ReceiptField
      label="Payment Receipt"
      file={chosen}
      progress={progress}
      error={problem ? `problem: ${problem}` : null}
      onChange={(next, nextProblem) => {
        seen.push(nextProblem);
        setChosen(next);
        setProblem(nextProblem);
      }}
    />
  );
}

describe('ReceiptField', () => {
  it('shows the chosen photo with its name and size, and gives its address back when another is chosen', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    URL.createObjectURL = vi.fn(() => (created.push(`blob:${created.length + 1}`), `blob:${created.length}`));
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
    const seen: (ReceiptProblem | undefined)[] = [];
    const user = userEvent.setup();
    render(<Form seen={seen} />);
    const input = screen.getByLabelText('Payment Receipt');
    expect(screen.getByText('JPG, PNG or PDF, at most 5MB. A photo or screenshot of the transfer is fine.')).toBeTruthy();

    await user.upload(input, file('transfer.png', 'image/png'));
    const preview = await screen.findByRole('img', { name: 'The chosen receipt: transfer.png' });
    expect(preview.getAttribute('src')).toBe('blob:1');
    expect(screen.getByText('0.00 MB')).toBeTruthy();
    expect(seen).toEqual([undefined]);

    await user.upload(input, file('statement.pdf', 'application/pdf', 3 * 1024 * 1024));
    expect(await screen.findByText('statement.pdf')).toBeTruthy();
    expect(screen.getByText('3.0 MB')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(revoked).toEqual(['blob:1']);
  });

  it('says what is wrong with a file by the field, and shows no preview of it', async () => {
    const seen: (ReceiptProblem | undefined)[] = [];
    const user = userEvent.setup({ applyAccept: false });
    render(<Form seen={seen} />);
    const input = screen.getByLabelText('Payment Receipt');
    await user.upload(input, file('notes.txt', 'text/plain'));
    expect(seen).toEqual(['wrongType']);
    expect((await screen.findByRole('alert')).textContent).toBe('problem: wrongType');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('notes.txt')).toBeNull();
  });

  it('shows how much of the upload has gone, then that the server is confirming', () => {
    const { rerender } = render(<Form seen={[]} progress={0.4} />);
    expect((screen.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement).value).toBe(40);
    expect(screen.getByText('Uploading the receipt: 40%')).toBeTruthy();
    rerender(<Form seen={[]} progress={1} />);
    expect(screen.getByText('Receipt sent. Waiting for the server to confirm...')).toBeTruthy();
    rerender(<Form seen={[]} progress={null} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
