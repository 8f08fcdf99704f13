/**
 * The type shown for a prop in a docs page's props table, where docgen shows only what kind of
 * type it resolved the name to ("intersection" for `PartialLabels`). The compiler checks that the
 * prop has the named type, so a prop whose type changes fails the typecheck instead of being
 * described wrongly.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export function typeSummary<Prop, Named>(name: Same<NonNullable<Prop>, Named> extends true ? string : never) {
  return { type: { summary: name } };
}
