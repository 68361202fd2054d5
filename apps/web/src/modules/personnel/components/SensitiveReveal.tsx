import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { Person, PersonSensitive } from '@lintel/contracts/personnel';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useRevealPerson } from '../api';

interface SensitiveRevealProps {
  person: Person;
  /** The values in full once revealed; null while masked. */
  shown: PersonSensitive | null;
  onChange: (shown: PersonSensitive | null) => void;
  /** false: once shown, no "Hide" (the form, where the full values are being edited). */
  hideable?: boolean;
}

/**
 * "Show in full" for a holder of the viewSensitive right: asks the server for this person's ID number and
 * phones (each time one audited view), and "Hide" masks them again. Without the right nothing shows.
 */
export function SensitiveReveal({ person, shown, onChange, hideable = true }: SensitiveRevealProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reveal = useRevealPerson();
  if (!person.masked) return null;
  if (shown) {
    if (!hideable) return null;
    return (
      <Button
        size="small"
        icon={<EyeInvisibleOutlined />}
        onClick={() => onChange(null)}
        data-testid="person-hide"
      >
        {t('personnel:sensitive.hide')}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      icon={<EyeOutlined />}
      loading={reveal.isPending}
      onClick={() =>
        reveal.mutate(person._id, {
          onSuccess: onChange,
          onError: (error) => void message.error(errorMessage(error, t)),
        })
      }
      data-testid="person-reveal"
    >
      {t('personnel:sensitive.show')}
    </Button>
  );
}
