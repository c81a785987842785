// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { NewPasswordFields } from './new-password-fields';

afterEach(cleanup);

describe('NewPasswordFields', () => {
  it('are password fields with no maxlength (it would cut astral characters short)', () => {
    const long = '😀'.repeat(100);
    function Page() {
      const form = useForm({ defaultValues: { password: long, confirmation: long } });
      return (
        <NewPasswordFields
          idPrefix="t"
          password={form.register('password')}
          confirmation={form.register('confirmation')}
          invalid={false}
        />
      );
    }
    render(<Page />);
    for (const label of ['New password', 'Confirm password']) {
      const input = screen.getByLabelText<HTMLInputElement>(label);
      expect(input.type).toBe('password');
      expect(input.hasAttribute('maxlength')).toBe(false);
      expect(input.minLength).toBe(8);
      expect(input.value).toBe(long);
    }
  });
});
