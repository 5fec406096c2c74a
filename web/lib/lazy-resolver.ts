/**
 * A form's schema check, fetched when the form is first used rather than with its page. The schemas
 * (contract/) bring the schema library, the largest part of a form page: a sign-in page shows its
 * fields at once and needs the schema only when the form is sent. `prefetch` (give it to the form's
 * onFocus) starts the download as soon as someone begins to fill the form in, so it is normally here
 * before they send it; sending before then waits for it.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export interface LazySchemaResolver<S extends z.ZodType<FieldValues, FieldValues>> {
  resolver: Resolver<z.input<S>, unknown, z.output<S>>;
  prefetch: () => void;
}

export function lazySchemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(loadSchema: () => Promise<S>): LazySchemaResolver<S> {
  type Check = Resolver<z.input<S>, unknown, z.output<S>>;
  let loading: Promise<Check> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      // The resolver's overloads cannot follow a generic schema; it checks the values against S.
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Check,
      (error: unknown) => {
        loading = undefined; // A failed download (a network blip) is tried again on the next use.
        throw error;
      },
    ));
  return {
    async resolver(values, context, options) {
      let check: Check;
      try {
        check = await load();
      } catch {
        // The schema could not be fetched: the values go to the server, which checks them against
        // the same schema and answers with the same messages.
        return { values: values as z.output<S>, errors: {} };
      }
      return check(values, context, options);
    },
    prefetch() {
      load().catch(() => {});
    },
  };
}
