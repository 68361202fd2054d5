import type { FileRow } from '../files/files.repository';
import { fileUrl } from '../files/index';
import type { UserSummary } from './index';

/** A person as the project modules answer them (announcement sender, topic creator, sheet receiver…). */
export interface UserCard {
  _id: string;
  name: string;
  nickName: string;
  avatar: string;
}

/** A file as the project modules answer it (announcement attachment, topic image, sheet attachment). */
export interface FileCard {
  _id: string;
  name: string;
  size: number;
  contentType: string;
  url: string;
}

export function presentUserCard(user: UserSummary): UserCard {
  return { _id: user.id, name: user.name, nickName: user.nickName, avatar: user.avatar };
}

export function presentFileCard(file: FileRow): FileCard {
  return {
    _id: file.id,
    name: file.original_name,
    size: Number(file.size),
    contentType: file.content_type,
    url: fileUrl(file),
  };
}
