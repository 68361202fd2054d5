// Loaded on demand by LazyDatePicker: antd's DatePicker with rc-picker and its styles.
export { DatePicker } from 'antd';
