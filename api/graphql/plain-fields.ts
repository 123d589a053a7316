/**
 * Fields a presenter holds as data. A presenter's object computes a nested field with a function
 * (it loads when asked for), so every field of the schema gets a resolver that calls such a
 * function (schema.ts `presenterField`). graphql-jit reads a field without a resolver inline, as a
 * property, where one with a resolver costs a call with its resolve info and its result's handling:
 * about half a microsecond per field and request. A field named here is one every object standing
 * for its type holds as a value, never a function or a promise, so it needs no resolver; the type
 * check of `plainFields` holds the list to the presenter's type. A field not named keeps its
 * resolver (a new field is slower, never wrong).
 */
export type PlainFieldMap = Readonly<Record<string, readonly string[]>>;

type Callable = (...args: never[]) => unknown;

/** The keys of `T` whose values are data: not `unknown`, and never a function or a promise. */
export type PlainKeys<T> = {
  [K in keyof T]-?: unknown extends T[K]
    ? never
    : [Extract<T[K], Callable | PromiseLike<unknown>>] extends [never]
      ? K
      : never;
}[keyof T] &
  string;

/** `fields`, each checked to be one of `T`'s plain keys: `plainFields<PresentedUser>()(['id', 'email'])`. */
export const plainFields =
  <T>() =>
  <const K extends readonly PlainKeys<T>[]>(fields: K): readonly string[] =>
    fields;
