import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FormAlert } from './form-alert.tsx';

afterEach(() => vi.restoreAllMocks());

describe('FormAlert', () => {
  it('is brought into view and takes focus when an error appears, so that it is seen where the eye is', () => {
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(scrolled);
    const { rerender } = render(<FormAlert message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<FormAlert message="Server error. Please try again later." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Server error. Please try again later.');
    expect(document.activeElement).toBe(alert);
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
  });
});
