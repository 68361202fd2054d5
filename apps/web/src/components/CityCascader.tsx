import './profileTexts';
import type { CascaderOption } from '@lintel/contracts/districts';
import { Button, Cascader } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Districts, loadDistricts } from './districtData';

export interface CityCascaderProps {
  /** The `id` of the input, for a `<label htmlFor>`. */
  id?: string;
  /** The profile's city: province / city / district names joined with '/' (spec 000 §3). */
  value?: string | null;
  /** The new city as the profile stores it, or undefined when cleared. */
  onChange?: (city: string | undefined) => void;
  status?: 'error' | 'warning';
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
}

/** Search matches any level's name: '朝阳' finds 北京市 / 市辖区 / 朝阳区 and 辽宁省 / 朝阳市. */
function matches(input: string, path: CascaderOption[]): boolean {
  const needle = input.trim();
  return needle !== '' && path.some((option) => option.label.includes(needle));
}

const SEARCH = { filter: matches, limit: 50 };
const displayRender = (labels: string[]) => labels.join(' / ');

/**
 * Province → city → district (antd Cascader), searchable. The district data loads when the picker mounts
 * (see districtData.ts); meanwhile the picker shows its loading state, and a failed load offers a retry.
 * A saved city that is not in the data (renamed since) is shown as saved until another one is picked.
 */
export function CityCascader({
  id,
  value,
  onChange,
  status,
  disabled,
  placeholder,
  testId = 'city-cascader',
}: CityCascaderProps) {
  const { t } = useTranslation();
  const [districts, setDistricts] = useState<Districts | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the load after a failure
  useEffect(() => {
    let active = true;
    setFailed(false);
    loadDistricts().then(
      (loaded) => {
        if (active) setDistricts(loaded);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  // Stable between renders: the Cascader re-derives its display from the value.
  const codes = useMemo(() => {
    if (!value) return undefined;
    return districts ? (districts.codes(value) ?? [value]) : [value];
  }, [value, districts]);
  const loading = !districts && !failed;

  return (
    <div
      className="city-cascader"
      data-testid={testId}
      data-state={districts ? 'ready' : failed ? 'error' : 'loading'}
    >
      <Cascader<CascaderOption>
        id={id}
        style={{ width: '100%' }}
        options={districts?.options ?? []}
        value={codes}
        onChange={(next) => {
          const path = (next ?? []) as string[];
          onChange?.(path.length > 0 && districts ? districts.label(path) : undefined);
        }}
        displayRender={displayRender}
        showSearch={SEARCH}
        placeholder={placeholder ?? t('profile:city.placeholder')}
        status={status}
        disabled={disabled}
        loading={loading}
        allowClear
        notFoundContent={
          failed ? (
            <span className="city-cascader__failed" role="alert">
              {t('profile:city.loadFailed')}{' '}
              <Button size="small" type="link" onClick={() => setAttempt((n) => n + 1)}>
                {t('profile:city.retry')}
              </Button>
            </span>
          ) : loading ? (
            t('profile:city.loading')
          ) : (
            t('profile:city.noMatch')
          )
        }
      />
    </div>
  );
}
