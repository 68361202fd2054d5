import type { User } from '@lintel/contracts/account';
import type { SystemProfile } from '@lintel/contracts/system';

export function makeProfile(patch: Partial<SystemProfile> = {}): SystemProfile {
  return {
    productName: '筑协',
    productNameEn: 'Lintel',
    logoUrl: '',
    copyrightCompany: '筑协科技有限公司',
    copyrightCompanyEn: 'Lintel Technology Ltd.',
    version: '6.6.2',
    fallbackVersion: '6.6.1',
    buildDate: '2024-06-07',
    icp: '',
    extraInfo: '',
    cloud: false,
    i18n: true,
    logoutTime: 0,
    privacyNotice: false,
    passportLogin: false,
    methodOverride: false,
    downloads: { pc: '', revit: '', navisworks: '', ios: '', android: '' },
    ...patch,
  };
}

export function makeUser(patch: Partial<User> = {}): User {
  return {
    _id: '665f1c2e8a4b3c0012345678',
    name: 'zhangsan',
    nickName: '张三',
    phoneNumber: '13800138000',
    countryCode: '86',
    email: 'zhangsan@example.com',
    avatar: '',
    settings: {},
    isTrial: false,
    isSystemAdmin: false,
    // The profile fields stay null until the user completes the profile.
    sex: null,
    city: null,
    work: null,
    project: null,
    company: null,
    position: null,
    createdAt: '2024-06-01T08:00:00.000Z',
    updatedAt: '2024-06-01T08:00:00.000Z',
    ...patch,
  };
}
