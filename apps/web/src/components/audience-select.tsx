/**
 * Who sees a post or an event: "Public" or "Followers only", in the add and edit forms
 * of both. A private account's new things start as followers only.
 */
import type { Audience } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { SelectField } from './field.tsx';

export function AudienceSelect({
  value,
  onChange,
}: {
  value: Audience;
  onChange: (audience: Audience) => void;
}) {
  return (
    <SelectField
      label={t`Audience`}
      value={value}
      onChange={(e) => onChange(e.target.value === 'followers' ? 'followers' : 'public')}
      hint={value === 'followers' ? t`Only your approved followers see it.` : t`Anyone can see it.`}
    >
      <option value="public">{t`Public`}</option>
      <option value="followers">{t`Followers only`}</option>
    </SelectField>
  );
}
