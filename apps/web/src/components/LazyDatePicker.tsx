import { LoadingOutlined } from '@ant-design/icons';
import { type DatePicker as AntDatePicker, type DatePickerProps, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ComponentProps, type ComponentType, type CSSProperties, lazy, Suspense } from 'react';

type RangePickerProps = ComponentProps<typeof AntDatePicker.RangePicker>;

/** A single date (antd's default, not `multiple`): what every picker of ours is. */
type SinglePickerProps = DatePickerProps<Dayjs, false>;

const load = () => import('./datePickerModule');
// antd's DatePicker is generic over its value; ours are single dates, which pins the props' type.
const Picker = lazy(() =>
  load().then((module) => ({ default: module.DatePicker as ComponentType<SinglePickerProps> })),
);
const Range = lazy(() => load().then((module) => ({ default: module.DatePicker.RangePicker })));

interface LoadingProps {
  className?: string;
  style?: CSSProperties;
  placeholder?: string;
  width: number;
}

/** The picker's place while its code loads: same size, a spinner, not focusable. */
function Loading({ className, style, placeholder, width }: LoadingProps) {
  return (
    <Input
      className={className}
      style={{ width, ...style }}
      disabled
      aria-busy
      placeholder={placeholder}
      suffix={<LoadingOutlined />}
    />
  );
}

/**
 * antd's DatePicker, whose code (rc-picker, its input and the picker styles: ~30 KB gzip) loads after the
 * page's first render instead of with the route (issue 15 §4): a filter bar's date shows a spinner for the
 * moment it takes, a form's date field likewise. Props, value and events are antd's (Form.Item's injected
 * `value`, `onChange` and `id` pass through).
 */
export function LazyDatePicker(props: SinglePickerProps) {
  return (
    <Suspense
      fallback={
        <Loading
          className={props.className}
          style={props.style}
          placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
          width={props.picker === 'month' ? 120 : 140}
        />
      }
    >
      <Picker {...props} />
    </Suspense>
  );
}

/** antd's DatePicker.RangePicker, loaded like LazyDatePicker. */
export function LazyRangePicker(props: RangePickerProps) {
  return (
    <Suspense fallback={<Loading className={props.className} style={props.style} width={260} />}>
      <Range {...props} />
    </Suspense>
  );
}
