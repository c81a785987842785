import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { asSentence, issueWordsFor, type FieldLabels } from '../../../contract/issue-words';

/**
 * Every form's resolver: the contract's schema, its issues in words (contract/issue-words.ts)
 * with the labels the person sees, and a fragment the schema wrote for the API ("must be ...")
 * made a sentence about its field.
 */
export function formResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  labels: FieldLabels,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema, { error: issueWordsFor(labels) });
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [name, error] of Object.entries(result.errors)) {
      if (typeof error?.message === 'string')
        error.message = asSentence(error.message, labels[name] ?? name);
    }
    return result;
  };
}
