import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_CODE } from '../system/profile';
import { COMMON_PASSWORDS } from './common-passwords';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_RULE,
  accountMessage,
  charCount,
  digitsOnly,
  ENGINEERING_TYPE_OPTIONS,
  emailSchema,
  isCommonPassword,
  isValidEmail,
  isValidPhone,
  joinCity,
  normalizeCountryCode,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  phoneCodeSchema,
  phoneCodeVerifySchema,
  profileSchema,
  REAL_NAME_MAX_LENGTH,
  REMARK_MAX_LENGTH,
  registrationFormSchema,
  registrationSchema,
  ruleKeysByField,
  SMS_RESEND_SECONDS,
  USERNAME_MAX_LENGTH,
  usernameSchema,
  validateCity,
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
  validatePhone,
  validateProjectShortName,
  validateRealName,
  validateRemark,
  validateSmsCode,
  validateUsername,
  validateViewportName,
  viewportNameSchema,
  WORK_OPTIONS,
} from './index';

const K = ACCOUNT_RULE;

describe('constants', () => {
  it('match the specification', () => {
    expect(SMS_RESEND_SECONDS).toBe(60);
    expect(DEFAULT_COUNTRY_CODE).toBe('86');
    expect([USERNAME_MAX_LENGTH, REAL_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([
      14, 20, 6, 16,
    ]);
    expect(REMARK_MAX_LENGTH).toBe(150);
    expect(WORK_OPTIONS).toEqual([
      'construction',
      'design',
      'cost',
      'supervision',
      'consulting',
      'operations',
      'procurement',
      'other',
    ]);
    expect(ENGINEERING_TYPE_OPTIONS).toHaveLength(10);
  });

  it('every key has a Chinese and an English text; the phone key is 手机号码错误', () => {
    for (const key of Object.values(ACCOUNT_RULE)) {
      expect(ACCOUNT_MESSAGES[key]['zh-CN'].length, key).toBeGreaterThan(0);
      expect(ACCOUNT_MESSAGES[key]['en-US'].length, key).toBeGreaterThan(0);
      expect(key).toMatch(/^[a-z]+\.[A-Za-z]+$/);
    }
    expect(Object.keys(ACCOUNT_MESSAGES).sort()).toEqual(Object.values(ACCOUNT_RULE).sort());
    expect(K.phoneInvalid).toBe('account.phoneInvalid');
    expect(accountMessage(K.phoneInvalid, 'zh-CN')).toBe('手机号码错误');
    expect(accountMessage(K.allInfoRequired, 'en-US')).toBe('Please enter all information');
  });
});

describe('phone', () => {
  it.each(['13', '14', '15', '16', '17', '18', '19'])('accepts mainland prefix %s', (prefix) => {
    const phone = `${prefix}812345678`;
    expect(phone).toHaveLength(11);
    expect(isValidPhone(phone, '86')).toBe(true);
    expect(isValidPhone(phone)).toBe(true); // the default country is 86
    expect(validatePhone(phone, '86')).toBeNull();
  });

  it.each([
    ['10812345678', 'second digit 0'],
    ['11812345678', 'second digit 1'],
    ['12812345678', 'second digit 2'],
    ['23812345678', 'first digit not 1'],
    ['1381234567', '10 digits'],
    ['138123456789', '12 digits'],
    ['1381234567a', 'a letter'],
    ['138 1234 5678', 'spaces'],
    ['138-1234-5678', 'dashes'],
    ['+8613812345678', 'country code inside'],
    ['１３８１２３４５６７８', 'full-width digits'],
    ['', 'empty'],
  ])('rejects mainland %s (%s)', (phone) => {
    expect(isValidPhone(phone, '86')).toBe(false);
  });

  it('other countries take 5 to 15 digits only', () => {
    expect(isValidPhone('12345', '1')).toBe(true);
    expect(isValidPhone('1234', '1')).toBe(false);
    expect(isValidPhone('123456789012345', '44')).toBe(true);
    expect(isValidPhone('1234567890123456', '44')).toBe(false);
    expect(isValidPhone('12812345678', '852')).toBe(true); // fails the mainland rule, fine elsewhere
    expect(isValidPhone('91234567', '852')).toBe(true);
    expect(isValidPhone('9123456a', '852')).toBe(false);
    expect(isValidPhone('9123 4567', '852')).toBe(false);
    expect(isValidPhone('13812345678', '12345')).toBe(false); // a country code has at most 4 digits
    expect(isValidPhone('13812345678', 'cn')).toBe(false);
  });

  it('normalizes the country code', () => {
    expect(normalizeCountryCode('+86')).toBe('86');
    expect(normalizeCountryCode('0086')).toBe('86');
    expect(normalizeCountryCode(' 852 ')).toBe('852');
    expect(normalizeCountryCode(undefined)).toBe('86');
    expect(normalizeCountryCode('')).toBe('86');
    expect(isValidPhone('12812345678', '+86')).toBe(false);
    expect(isValidPhone('13812345678', '+86')).toBe(true);
  });

  it('validatePhone gives the keys', () => {
    expect(validatePhone('', '86')).toBe(K.phoneRequired);
    expect(validatePhone(undefined)).toBe(K.phoneRequired);
    expect(validatePhone('   ')).toBe(K.phoneRequired);
    expect(validatePhone('12812345678', '86')).toBe(K.phoneInvalid);
    expect(validatePhone('13812345678', 'x')).toBe(K.countryCodeInvalid);
    expect(validatePhone('13812345678', null)).toBeNull();
  });

  it('the phone field keeps digits only', () => {
    expect(digitsOnly('138 1234-5678a')).toBe('13812345678');
    expect(digitsOnly('')).toBe('');
  });

  it('property: every 1[3-9]xxxxxxxxx is valid, every other 11-digit number starting 1[0-2] is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{9}$/), (d, rest) => {
        expect(isValidPhone(`1${d}${rest}`, '86')).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.stringMatching(/^\d{9}$/), (d, rest) => {
        expect(isValidPhone(`1${d}${rest}`, '86')).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        // valid mainland numbers are exactly the strings the specification's pattern describes
        expect(isValidPhone(s, '86')).toBe(/^1[3-9]\d{9}$/.test(s));
      }),
    );
  });
});

describe('password', () => {
  it.each([
    ['xk9q2m', 'exactly 6'],
    ['abcdefghij123456', 'exactly 16'],
    ['Qz7wPlum', 'mixed case'],
    ['~!@&%$^()#_', 'every allowed symbol'],
    ['730418', 'digits only'],
    ['ghqpwz', 'letters only'],
  ])('accepts %s (%s)', (password) => {
    expect(validatePassword(password)).toBeNull();
    expect(validatePassword(password, 'someone')).toBeNull();
  });

  it.each([
    ['', K.passwordRequired],
    ['abc12', K.passwordLength], // 5
    ['a', K.passwordLength],
    ['abcdefghij1234567', K.passwordLength], // 17
    ['abc 123', K.passwordFormat],
    ['abc123*', K.passwordFormat],
    ['abc123-', K.passwordFormat],
    ['abc123+', K.passwordFormat],
    ['abc123.', K.passwordFormat],
    ['密码密码密码', K.passwordFormat],
    ['ａｂｃ１２３', K.passwordFormat], // full-width
  ])('rejects %j with %s', (password, key) => {
    expect(validatePassword(password)).toBe(key);
  });

  it('must neither equal nor contain the username, case-insensitively', () => {
    expect(validatePassword('zhangsan', 'zhangsan')).toBe(K.passwordSameAsUsername);
    expect(validatePassword('zhangsan', ' zhangsan ')).toBe(K.passwordSameAsUsername);
    expect(validatePassword('zhangsan1', 'zhangsan')).toBe(K.passwordSameAsUsername);
    expect(validatePassword('My_ZhangSan_7', 'zhangsan')).toBe(K.passwordSameAsUsername);
    expect(validatePassword('Zhangsan', { name: 'zhangsan' })).toBe(K.passwordSameAsUsername);
    // a short name only as the whole password: "abc" is part of too many passwords to refuse them all
    expect(validatePassword('abc', 'abc')).toBe(K.passwordLength);
    expect(validatePassword('xabc_9271', 'abc')).toBeNull();
    expect(validatePassword('abcdef', 'abcdef')).toBe(K.passwordSameAsUsername);
    expect(validatePassword('zhangsan', '')).toBeNull();
    expect(validatePassword('zhangsan', null)).toBeNull();
    // the length rule is reported before the username rule
    expect(validatePassword('zhang', 'zhang')).toBe(K.passwordLength);
  });

  it('must not contain the phone number', () => {
    const account = { name: 'zhangsan', phoneNumber: '13812345678' };
    expect(validatePassword('13812345678', account)).toBe(K.passwordContainsPhone);
    expect(validatePassword('a13812345678_', account)).toBe(K.passwordContainsPhone);
    expect(validatePassword('1381234567_x', account)).toBeNull();
    expect(validatePassword('Qz7wPlum', { phoneNumber: '' })).toBeNull();
  });

  it.each([
    '123456',
    '12345678',
    'password',
    'Password1',
    'QWERTY123',
    'iloveyou',
    '5201314',
    'woaini1314',
    '888888',
  ])('refuses the common password %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(validatePassword(password)).toBe(K.passwordTooCommon);
  });

  it('the common list is within the rule, lowercase and a few thousand long', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(5000);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry).toBe(entry.toLowerCase());
      expect(entry.length >= PASSWORD_MIN_LENGTH && entry.length <= PASSWORD_MAX_LENGTH).toBe(true);
    }
    expect(isCommonPassword('Lintel_7730')).toBe(false);
  });

  it('confirmation equals the password', () => {
    expect(validatePasswordConfirmation('abc123', 'abc123')).toBeNull();
    expect(validatePasswordConfirmation('abc123', 'abc124')).toBe(K.passwordMismatch);
    expect(validatePasswordConfirmation('abc123', '')).toBe(K.confirmPasswordRequired);
    expect(validatePasswordConfirmation('abc123', 'abc123 ')).toBe(K.passwordMismatch);
  });

  it('property: valid exactly when 6–16 allowed characters', () => {
    const allowed = 'abcXYZ0189~!@&%$^()#_'.split('');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...allowed), { maxLength: 20 }), (chars) => {
        const password = chars.join('');
        const expected =
          password === ''
            ? K.passwordRequired
            : chars.length < 6 || chars.length > 16
              ? K.passwordLength
              : isCommonPassword(password)
                ? K.passwordTooCommon
                : null;
        expect(validatePassword(password)).toBe(expected);
      }),
    );
  });
});

describe('username, real name, email and other lengths', () => {
  it('username', () => {
    expect(validateUsername('zhangsan')).toBeNull();
    expect(validateUsername('张三')).toBeNull();
    expect(validateUsername('a'.repeat(14))).toBeNull();
    expect(validateUsername('中'.repeat(14))).toBeNull();
    expect(validateUsername('a'.repeat(15))).toBe(K.usernameTooLong);
    expect(validateUsername('')).toBe(K.usernameRequired);
    expect(validateUsername('   ')).toBe(K.usernameRequired);
    expect(validateUsername(undefined)).toBe(K.usernameRequired);
    expect(validateUsername('zhang san')).toBe(K.usernameInvalid);
    expect(validateUsername('zhang\tsan')).toBe(K.usernameInvalid);
    expect(validateUsername('13812345678')).toBe(K.usernameInvalid); // would read as a phone number
    expect(validateUsername('user1381234')).toBeNull();
    expect(validateUsername('  zhangsan  ')).toBeNull(); // trimmed
  });

  it('lengths count characters, not UTF-16 units', () => {
    expect(charCount('𠮷𠮷')).toBe(2);
    expect(validateUsername('𠮷'.repeat(14))).toBeNull();
    expect(validateUsername('𠮷'.repeat(15))).toBe(K.usernameTooLong);
  });

  it('real name', () => {
    expect(validateRealName('张三')).toBeNull();
    expect(validateRealName('x'.repeat(20))).toBeNull();
    expect(validateRealName('x'.repeat(21))).toBe(K.realNameTooLong);
    expect(validateRealName('')).toBe(K.realNameRequired);
    expect(validateRealName(' ')).toBe(K.realNameRequired);
  });

  it.each([
    'a@b.cn',
    'zhang.san@example.com',
    'zhang_san+tag@mail.example.com.cn',
    'a-b@x-y.org',
    '张三@example.com',
    '张三.li_4+x-y@163.com',
    'UPPER@EXAMPLE.COM',
    '123@qq.com',
  ])('accepts email %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(validateEmail(email)).toBeNull();
  });

  it.each([
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@@b.com',
    'a b@c.com',
    'a@b .com',
    'a#b@c.com',
    'a@-b.com',
    'a@b-.com',
    'a@b..com',
    'a@.b.com',
    'a@b.com.',
    'a@例子.com',
    `${'a'.repeat(65)}@b.com`,
  ])('rejects email %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(validateEmail(email)).toBe(K.emailInvalid);
  });

  it('email required', () => {
    expect(validateEmail('')).toBe(K.emailRequired);
    expect(validateEmail(null)).toBe(K.emailRequired);
    expect(validateEmail(' a@b.cn ')).toBeNull();
  });

  it('remark, project short name, viewport name', () => {
    expect(validateRemark(undefined)).toBeNull();
    expect(validateRemark('r'.repeat(150))).toBeNull();
    expect(validateRemark('r'.repeat(151))).toBe(K.remarkTooLong);
    expect(validateProjectShortName('项'.repeat(12))).toBeNull();
    expect(validateProjectShortName('项'.repeat(13))).toBe(K.projectShortNameTooLong);
    expect(validateViewportName('v'.repeat(30))).toBeNull();
    expect(validateViewportName('v'.repeat(31))).toBe(K.viewportNameTooLong);
    expect(validateViewportName('')).toBe(K.viewportNameRequired);
    expect(viewportNameSchema.safeParse('v'.repeat(31)).error?.issues[0]?.message).toBe(
      K.viewportNameTooLong,
    );
  });

  it('SMS code', () => {
    expect(validateSmsCode('123456')).toBeNull();
    expect(validateSmsCode('')).toBe(K.codeRequired);
    expect(validateSmsCode('12 34')).toBe(K.codeInvalid);
    expect(validateSmsCode('1'.repeat(17))).toBe(K.codeInvalid);
  });

  it('city', () => {
    expect(joinCity(['北京市', ' 市辖区 ', '东城区'])).toBe('北京市/市辖区/东城区');
    expect(joinCity(['香港特别行政区', '', '九龙'])).toBe('香港特别行政区/九龙');
    expect(validateCity('北京市/市辖区/东城区')).toBeNull();
    expect(validateCity('广东省')).toBeNull();
    expect(validateCity('')).toBe(K.allInfoRequired);
    expect(validateCity('a//b')).toBe(K.cityInvalid);
    expect(validateCity('a/b/c/d')).toBe(K.cityInvalid);
  });

  it('schemas report the same key as the pure rules', () => {
    expect(usernameSchema.safeParse('a'.repeat(15)).error?.issues.map((i) => i.message)).toEqual([
      K.usernameTooLong,
    ]);
    expect(usernameSchema.safeParse(undefined).error?.issues[0]?.message).toBe(K.usernameRequired);
    expect(usernameSchema.parse('  zhangsan ')).toBe('zhangsan');
    expect(emailSchema.safeParse(42).error?.issues[0]?.message).toBe(K.emailRequired);
  });
});

const validRegistration = {
  name: 'zhangsan',
  password: 'xk9q2m',
  nickName: '张三',
  email: 'zhangsan@example.com',
  phoneNumber: '13812345678',
  countryCode: '86',
  code: '123456',
};

function keysOf(result: { success: boolean; error?: import('zod').ZodError }): Record<string, string> {
  return result.error ? ruleKeysByField(result.error) : {};
}

describe('registration payload', () => {
  it('accepts a valid payload', () => {
    expect(registrationSchema.parse(validRegistration)).toEqual(validRegistration);
    const { countryCode: _, ...noCountry } = validRegistration;
    expect(registrationSchema.parse(noCountry).countryCode).toBe('86');
    expect(registrationSchema.parse({ ...validRegistration, countryCode: '+86' }).countryCode).toBe('86');
    expect(
      registrationSchema.parse({ ...validRegistration, countryCode: '852', phoneNumber: '91234567' })
        .phoneNumber,
    ).toBe('91234567');
  });

  it('gives one key per bad field', () => {
    expect(
      keysOf(registrationSchema.safeParse({ ...validRegistration, phoneNumber: '12812345678' })),
    ).toEqual({
      phoneNumber: K.phoneInvalid,
    });
    expect(keysOf(registrationSchema.safeParse({ ...validRegistration, phoneNumber: '138' }))).toEqual({
      phoneNumber: K.phoneInvalid,
    });
    expect(keysOf(registrationSchema.safeParse({ ...validRegistration, phoneNumber: '' }))).toEqual({
      phoneNumber: K.phoneRequired,
    });
    expect(keysOf(registrationSchema.safeParse({ ...validRegistration, password: 'zhangsan' }))).toEqual({
      password: K.passwordSameAsUsername,
    });
    expect(keysOf(registrationSchema.safeParse({ ...validRegistration, password: 'abc' }))).toEqual({
      password: K.passwordLength,
    });
    expect(keysOf(registrationSchema.safeParse({ ...validRegistration, password: '123456' }))).toEqual({
      password: K.passwordTooCommon,
    });
    expect(
      keysOf(
        registrationSchema.safeParse({ ...validRegistration, password: `x${validRegistration.phoneNumber}` }),
      ),
    ).toEqual({ password: K.passwordContainsPhone });
    expect(
      keysOf(
        registrationSchema.safeParse({
          ...validRegistration,
          name: '',
          nickName: 'x'.repeat(21),
          email: 'nope',
          code: '',
          countryCode: 'cn',
        }),
      ),
    ).toEqual({
      name: K.usernameRequired,
      nickName: K.realNameTooLong,
      email: K.emailInvalid,
      code: K.codeRequired,
      countryCode: K.countryCodeInvalid,
    });
    expect(Object.keys(keysOf(registrationSchema.safeParse({}))).sort()).toEqual(
      ['code', 'email', 'name', 'nickName', 'password', 'phoneNumber'].sort(),
    );
  });

  it('the form checks the confirmation', () => {
    const form = { name: 'zhangsan', nickName: '张三', email: 'a@b.cn', password: 'xk9q2m' };
    expect(registrationFormSchema.safeParse({ ...form, confirmPassword: 'xk9q2m' }).success).toBe(true);
    expect(keysOf(registrationFormSchema.safeParse({ ...form, confirmPassword: 'xk9q2' }))).toEqual({
      confirmPassword: K.passwordMismatch,
    });
    expect(keysOf(registrationFormSchema.safeParse({ ...form, confirmPassword: '' }))).toEqual({
      confirmPassword: K.confirmPasswordRequired,
    });
  });
});

describe('profile payload', () => {
  const profile = {
    sex: 1,
    city: '广东省/深圳市/南山区',
    work: 'construction',
    project: 'architecture',
    company: 'Lintel Construction',
    position: 'BIM manager',
  };

  it('accepts a complete profile', () => {
    expect(profileSchema.parse(profile)).toEqual(profile);
    expect(profileSchema.parse({ ...profile, sex: 0 }).sex).toBe(0);
  });

  it.each(['sex', 'city', 'work', 'project', 'company', 'position'])(
    '%s missing → allInfoRequired',
    (field) => {
      const { [field]: _, ...rest } = profile as Record<string, unknown>;
      expect(keysOf(profileSchema.safeParse(rest))).toEqual({ [field]: K.allInfoRequired });
      if (field !== 'sex') {
        expect(keysOf(profileSchema.safeParse({ ...profile, [field]: '' }))).toEqual({
          [field]: K.allInfoRequired,
        });
        expect(keysOf(profileSchema.safeParse({ ...profile, [field]: null }))).toEqual({
          [field]: K.allInfoRequired,
        });
      }
    },
  );

  it('rejects bad values with their own keys', () => {
    expect(keysOf(profileSchema.safeParse({ ...profile, sex: 2 }))).toEqual({ sex: K.sexInvalid });
    expect(keysOf(profileSchema.safeParse({ ...profile, sex: '1' }))).toEqual({ sex: K.sexInvalid });
    expect(keysOf(profileSchema.safeParse({ ...profile, work: 'astronaut' }))).toEqual({
      work: K.workInvalid,
    });
    expect(keysOf(profileSchema.safeParse({ ...profile, project: 'x' }))).toEqual({
      project: K.engineeringTypeInvalid,
    });
    expect(keysOf(profileSchema.safeParse({ ...profile, company: 'c'.repeat(51) }))).toEqual({
      company: K.fieldTooLong,
    });
    expect(keysOf(profileSchema.safeParse({ ...profile, city: '//' }))).toEqual({ city: K.cityInvalid });
  });
});

describe('phone-code payload', () => {
  it('accepts each purpose', () => {
    for (const type of ['register', 'login', 'reset', 'bind']) {
      expect(phoneCodeSchema.safeParse({ phoneNumber: '13912345678', countryCode: '86', type }).success).toBe(
        true,
      );
    }
  });

  it('rejects a bad purpose or phone, and requires the code when verifying', () => {
    const body = { phoneNumber: '13912345678', countryCode: '86', type: 'login' };
    expect(keysOf(phoneCodeSchema.safeParse({ ...body, type: 'admin' }))).toEqual({
      type: K.codeTypeInvalid,
    });
    expect(keysOf(phoneCodeSchema.safeParse({ ...body, phoneNumber: '12912345678' }))).toEqual({
      phoneNumber: K.phoneInvalid,
    });
    expect(phoneCodeSchema.safeParse({ ...body, countryCode: '1', phoneNumber: '12912345678' }).success).toBe(
      true,
    );
    expect(keysOf(phoneCodeVerifySchema.safeParse(body))).toEqual({ code: K.codeRequired });
    expect(phoneCodeVerifySchema.parse({ ...body, code: ' 4321 ' }).code).toBe('4321');
  });
});
