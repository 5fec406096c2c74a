/**
 * The initials the avatar shows ('?' for no name). A button showing the avatar puts them in its
 * accessible name, so that the name contains the visible text (WCAG 2.5.3 Label in Name).
 */
export function initialsOf(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return initials || '?';
}

/** The person's initials in a circle: enough to recognise the account menu at a glance. */
export function UserAvatar({ name }: { name: string }) {
  return (
    <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
      {initialsOf(name)}
    </span>
  );
}
