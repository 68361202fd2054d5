import { lazy } from 'react';

/**
 * Stands in for antd's tooltip UniqueProvider inside antd's ConfigProvider (see `deferAntdUniqueProvider` in
 * vite.config.ts): the same component, loaded when a ConfigProvider is given `tooltip={{ unique: true }}`.
 */
export default lazy(() => import('antd/es/tooltip/UniqueProvider'));
