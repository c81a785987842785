export const CLASS_TYPES = ['common', 'preferred'] as const;

export type ClassType = (typeof CLASS_TYPES)[number];

export function isClassType(value: unknown): value is ClassType {
  return (CLASS_TYPES as readonly unknown[]).includes(value);
}
