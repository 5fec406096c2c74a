import { useEffect, useRef } from 'react';
import { CircleAlert } from 'lucide-react';

/**
 * A form-level error (one not tied to a single field), announced when it appears, brought into view
 * and given focus: on a phone the form's top may be scrolled away when the answer comes (the submit
 * button is far below it), and an error nobody sees does not help. With focus there, a keyboard or
 * screen-reader user continues from the error rather than from the button that was pressed.
 */
export function FormAlert({ message, detail }: { message?: string | null; /** A second line that says more (such as why). */ detail?: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const alert = ref.current;
    if (!message || !alert) return;
    alert.focus({ preventScroll: true });
    // Centred, so that nothing drawn over the page's top hides it; not in every test DOM.
    alert.scrollIntoView?.({ block: 'center' });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} role="alert" tabIndex={-1} className="flex scroll-my-20 outline-none focus-visible:outline-2 focus-visible:outline-ring items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-foreground">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <span>
        {message}
        {detail && <span className="mt-1 block break-words">{detail}</span>}
      </span>
    </div>
  );
}
