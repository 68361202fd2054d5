import type { CascaderOption } from '@lintel/contracts/districts';
import { Button, Cascader, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Districts, loadDistricts } from '../../../components/districtData';

/** An address field's value: the division codes (province → district) and, if shown, the street address. */
export interface AddressValue {
  region: string[];
  detail?: string;
}

/** China's divisions, loaded once when an address field first shows (components/districtData.ts). */
export function useDistricts() {
  const [districts, setDistricts] = useState<Districts | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the load after a failure
  useEffect(() => {
    let active = true;
    setFailed(false);
    loadDistricts().then(
      (loaded) => active && setDistricts(loaded),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [attempt]);
  return { districts, failed, retry: () => setAttempt((n) => n + 1) };
}

const SEARCH = {
  filter: (input: string, path: CascaderOption[]) =>
    input.trim() !== '' && path.some((option) => option.label.includes(input.trim())),
  limit: 50,
};

interface AddressInputProps {
  id?: string;
  value?: AddressValue;
  onChange: (value: AddressValue | undefined) => void;
  showDetail: boolean;
  testId: string;
  invalid?: boolean;
}

/** Province / city / district (searchable) and, when the field shows it, the street address below. */
export function AddressInput({ id, value, onChange, showDetail, testId, invalid }: AddressInputProps) {
  const { t } = useTranslation('forms');
  const { districts, failed, retry } = useDistricts();
  const region = value?.region ?? [];
  const emit = (next: AddressValue) => onChange(next.region.length === 0 && !next.detail ? undefined : next);
  return (
    <div className="forms-address" data-testid={testId}>
      <Cascader<CascaderOption>
        id={id}
        style={{ width: '100%' }}
        options={districts?.options ?? []}
        value={region.length > 0 ? region : undefined}
        onChange={(next) => emit({ ...value, region: ((next ?? []) as string[]).slice() })}
        displayRender={(labels) => labels.join(' / ')}
        showSearch={SEARCH}
        changeOnSelect
        allowClear
        loading={!districts && !failed}
        status={invalid ? 'error' : undefined}
        placeholder={t('renderer.regionPlaceholder')}
        notFoundContent={
          failed ? (
            <span role="alert">
              {t('renderer.regionFailed')}{' '}
              <Button size="small" type="link" onClick={retry}>
                {t('renderer.retry')}
              </Button>
            </span>
          ) : undefined
        }
        data-testid={`${testId}-region`}
      />
      {showDetail ? (
        <Input
          value={value?.detail ?? ''}
          maxLength={200}
          onChange={(event) =>
            emit({ region, ...(event.target.value ? { detail: event.target.value } : {}) })
          }
          placeholder={t('renderer.detailPlaceholder')}
          aria-label={t('renderer.detailPlaceholder')}
          data-testid={`${testId}-detail`}
        />
      ) : null}
    </div>
  );
}

/** An address as text: the divisions' names, then the street address. */
export function AddressText({ value }: { value: AddressValue }) {
  const { districts } = useDistricts();
  const names = districts?.label(value.region) ?? value.region.join(' / ');
  return <span>{[names.replaceAll('/', ' / '), value.detail].filter(Boolean).join(' ')}</span>;
}
