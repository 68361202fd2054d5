import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { getHttpConfig } from '../../../lib/http';

/** A stored file's URL as the browser fetches it (the API may live on another origin). */
export function fileUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return /^(https?:|blob:|data:)/.test(url) ? url : `${getHttpConfig().baseUrl}${url}`;
}

export function PersonAvatar({ url, size = 32 }: { url: string | null | undefined; size?: number }) {
  return <Avatar size={size} src={fileUrl(url)} icon={<UserOutlined />} />;
}
