import { useEffect, useRef } from 'react';
import { CircleAlert } from 'lucide-react';

/**
 * A form-level error (one not tied to a single field), announced when it appears and brought into
 * view: on a phone the form's top may be scrolled away when the answer comes, and an error nobody
 * sees does not help.
 */
export function FormAlert({ message }: { message?: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Not in every test DOM; smooth scrolling is left to the person's settings (block: 'nearest' moves only if needed).
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} role="alert" className="flex scroll-my-20 items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-foreground">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <span>{message}</span>
    </div>
  );
}
