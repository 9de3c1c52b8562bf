/**
 * Who may quote: Anyone, Followers, Nobody; the account's choice on /settings/account and each
 * post's on /addpost and Edit, where it starts at the account's.
 */
import { messages, type QuotePolicy, quotePolicies } from '@glimpse/shared';
import { SelectField } from './field.tsx';

const isQuotePolicy = (value: string): value is QuotePolicy =>
  (quotePolicies as readonly string[]).includes(value);

export function QuotePolicySelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: QuotePolicy;
  onChange: (policy: QuotePolicy) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        if (isQuotePolicy(e.target.value)) onChange(e.target.value);
      }}
    >
      <option value="anyone">{messages.quotes.anyone}</option>
      <option value="followers">{messages.quotes.followers}</option>
      <option value="nobody">{messages.quotes.nobody}</option>
    </SelectField>
  );
}
