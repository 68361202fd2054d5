import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

/**
 * A list's keyword box for FilterSheet's `search` slot: typed text is kept by the page and sent on Enter
 * (trimmed), so a list is not re-queried on every keystroke.
 */
export function KeywordSearch({
  value,
  onType,
  onSearch,
  label,
  maxLength,
  className,
  testId,
}: {
  value: string;
  onType: (text: string) => void;
  onSearch: (keyword: string) => void;
  label: string;
  maxLength: number;
  className?: string;
  testId?: string;
}) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      value={value}
      maxLength={maxLength}
      onChange={(event) => onType(event.target.value)}
      onPressEnter={() => onSearch(value.trim())}
      placeholder={label}
      aria-label={label}
      className={className}
      data-testid={testId}
    />
  );
}
