/** The person's initials in a circle: enough to recognise the account menu at a glance. */
export function UserAvatar({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
      {initials || '?'}
    </span>
  );
}
