export const CLASS_TYPES = ['common', 'preferred'] as const;

export type ClassType = (typeof CLASS_TYPES)[number];

/** Hundredths of a share in each class. */
export type ClassTotals = Record<ClassType, bigint>;

export function isClassType(value: unknown): value is ClassType {
  return (CLASS_TYPES as readonly unknown[]).includes(value);
}
