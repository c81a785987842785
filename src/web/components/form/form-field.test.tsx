// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateInput, NumberInput } from './field-control';
import { FormField } from './form-field';
import { formResolver } from './form-resolver';
import { SubmitButton } from './submit-button';

// The kit against a small schema: what one FormField wires (label, description, error, the
// control's invalid state) from react-hook-form and the resolver's words.

const schema = z.object({ Count: z.string().min(1), Day: z.iso.date() });

function Sample({ pending = false }: { pending?: boolean }) {
  const form = useForm({
    resolver: formResolver(schema, { Count: 'Count', Day: 'Day' }),
    defaultValues: { Count: '', Day: '' },
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void form.handleSubmit(() => undefined)(e)}>
        <FormField name="Count" id="count" label="Count" description="How many.">
          <NumberInput />
        </FormField>
        <FormField name="Day" id="day" label="Day" errorId="the-day-error">
          <DateInput />
        </FormField>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </form>
    </FormProvider>
  );
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

afterEach(cleanup);

describe('FormField', () => {
  it('labels its control and describes it by its description while it is valid', () => {
    render(<Sample />);
    expect(field('Count').type).toBe('text');
    expect(field('Count').inputMode).toBe('decimal');
    expect(field('Day').type).toBe('date');
    expect(field('Count').getAttribute('aria-describedby')).toBe('count-help');
    expect(document.getElementById('count-help')?.textContent).toBe('How many.');
    expect(field('Count').hasAttribute('aria-invalid')).toBe(false);
    expect(document.querySelector('.invalid-feedback')).toBeNull();
  });

  it("says the schema's issues in words under the fields, and marks them invalid", async () => {
    render(<Sample />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(document.getElementById('count-error')?.textContent).toBe('Count is required.');
    expect(field('Count').getAttribute('aria-invalid')).toBe('true');
    expect(field('Count').getAttribute('aria-describedby')).toBe('count-help count-error');
    expect(document.getElementById('the-day-error')?.textContent).toBe(
      'Day: enter a date such as 2026-01-31.',
    );
    expect(field('Day').getAttribute('aria-describedby')).toBe('the-day-error');

    fireEvent.input(field('Count'), { target: { value: '3' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(document.getElementById('count-error')).toBeNull();
  });
});

describe('SubmitButton', () => {
  it('is disabled and says so while pending', () => {
    render(<Sample pending />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' });
    expect(button.disabled).toBe(true);
    expect(button.type).toBe('submit');
  });
});
