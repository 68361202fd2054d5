// Loaded on demand by DeferredDropdown: antd's Dropdown with its menu and popup positioning.
export { Dropdown } from 'antd';
