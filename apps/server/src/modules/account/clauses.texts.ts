import type { ClauseKind } from '@lintel/contracts/account';

/**
 * The user agreement and the privacy policy shipped with the product (issue 17, PIPL): version 1 of each,
 * in force until a system administrator replaces them (PUT account-service/system/profile/clauses/{kind}).
 * `{{operator}}` and `{{product}}` are filled in from the OEM profile (copyright company, product name) when
 * a text is shown. Format: paragraphs separated by a blank line; a line starting with `## ` is a heading.
 *
 * Changing these texts changes what version 1 says for every installation that never replaced them: give
 * a changed default a new DEFAULT_CLAUSE_VERSION so that consents to the old one stay distinguishable.
 */
export const DEFAULT_CLAUSE_VERSION = 1;

const AGREEMENT_ZH = `## {{product}} 用户协议

本协议是您与 {{operator}}（以下称“运营方”，即部署并运营本平台的单位）之间关于使用 {{product}}（以下称“本平台”）的约定。注册或使用本平台前，请仔细阅读本协议和《隐私政策》。勾选同意并完成注册，即表示您已阅读并同意本协议。

## 一、平台服务
本平台是面向工程建设项目的协同工作平台，提供项目与成员管理、模型浏览、问题与联系单、文档、公告、人员与考勤等功能。具体可用的功能以您所在企业和项目的开通情况及您被授予的权限为准。

## 二、账号
1. 您应使用真实、准确的信息注册，并使用本人手机号接收验证码。
2. 您应妥善保管账号和密码，不得出借、转让账号。因您保管不善造成的损失由您自行承担；发现账号被盗用时，请立即修改密码并通知运营方或您所在单位的管理员。
3. 运营方可依据法律法规或本协议，对违规账号采取限制登录、停用等措施。

## 三、使用规范
您不得利用本平台：发布或传播违法信息；侵犯他人的知识产权、商业秘密或个人信息；未经授权访问他人数据或干扰平台运行；上传含有恶意代码的文件。

## 四、内容与数据
1. 您和您所在单位上传的模型、文档、图片及填写的数据归原权利人所有。您授权运营方在提供服务所必需的范围内存储、处理和展示这些内容。
2. 在项目中录入他人（例如施工人员）个人信息的单位和人员，应当具有合法依据并告知本人；人员的身份证号、手机号等敏感个人信息默认脱敏显示，仅被授予相应权限的人员可查看完整信息，且每次查看和导出均会被记录。
3. 项目成员可以按其权限看到项目中的内容，请在上传前确认内容适合在项目内共享。

## 五、服务的变更与中止
运营方会尽力保障服务稳定，但可能因维护、升级或不可抗力暂停服务，并会尽可能提前通知。您可以随时停止使用本平台并申请注销账号。

## 六、责任
运营方对因其故意或重大过失造成的损失依法承担责任。因您违反本协议或法律法规造成的损失，由您自行承担。

## 七、协议的变更
协议内容变更时，运营方将发布新版本并在本平台公示，此后注册的用户须同意新版本。您可以随时在注册页面的链接中查看现行版本；如不同意变更后的协议，您可以停止使用本平台并申请注销账号。

## 八、法律适用与联系方式
本协议适用中华人民共和国法律。如有疑问，请联系运营方或您所在单位的系统管理员。`;

const AGREEMENT_EN = `## {{product}} User Agreement

This agreement is between you and {{operator}} (the "operator", the organisation that deploys and runs this platform) and governs your use of {{product}} (the "platform"). Please read it and the Privacy Policy before registering. By ticking the consent box and completing registration you confirm that you have read and accept this agreement.

## 1. The service
The platform supports collaboration on construction projects: projects and members, model viewing, issues and contact sheets, documents, announcements, personnel and attendance, and more. What you can use depends on what your enterprise and project have enabled and on the rights you are given.

## 2. Your account
1. Register with true and accurate information, and receive verification codes on your own mobile number.
2. Keep your account name and password safe and do not lend or transfer your account. If you believe your account has been misused, change your password at once and tell the operator or your organisation's administrator.
3. The operator may restrict or disable an account that breaks the law or this agreement.

## 3. Acceptable use
Do not use the platform to publish unlawful content; to infringe intellectual property, trade secrets or personal information of others; to access data without authorisation or disrupt the platform; or to upload malicious files.

## 4. Content and data
1. Models, documents, images and data that you or your organisation upload remain the property of their owners. You allow the operator to store, process and display them as far as needed to provide the service.
2. Organisations and people who enter other people's personal information (for example construction workers') must have a lawful basis and inform those people. ID numbers and phone numbers of workers are masked by default; only people given the corresponding right can see them in full, and every full view and export is recorded.
3. Project members can see project content according to their rights: make sure content is suitable for sharing in the project before you upload it.

## 5. Changes to and interruption of the service
The operator works to keep the service available but may interrupt it for maintenance, upgrades or events beyond its control, and will give notice where possible. You may stop using the platform and ask for your account to be closed at any time.

## 6. Liability
The operator is liable as provided by law for losses caused by its intent or gross negligence. You are responsible for losses caused by your breach of this agreement or of the law.

## 7. Changes to this agreement
A changed agreement is published on the platform as a new version, which every later registration must accept. The version in force can always be read from the link on the registration page; if you do not accept a changed agreement, you may stop using the platform and ask for your account to be closed.

## 8. Governing law and contact
This agreement is governed by the laws of the People's Republic of China. For questions, contact the operator or your organisation's system administrator.`;

const PRIVACY_ZH = `## {{product}} 隐私政策

{{operator}}（以下称“我们”，即部署并运营本平台的单位）依照《中华人民共和国个人信息保护法》等法律法规处理您的个人信息。本政策说明我们收集哪些信息、为什么收集、保存多久，以及您享有的权利。

## 一、我们收集的信息
1. 账号信息：用户名、真实姓名、手机号、电子邮箱，以及经过不可逆加密处理的密码。
2. 资料信息：您自愿填写的头像、所在城市、单位、职务等。
3. 使用记录：登录时间、IP 地址、登录失败记录，以及查看敏感信息、导出、删除、权限变更等操作的审计日志。
4. 项目数据：您和项目成员上传的文件、模型和填写的记录。
5. 施工人员信息：项目单位为实名制管理录入的人员姓名、身份证号、手机号、照片、工种、考勤和违章记录等。身份证号和手机号属于敏感个人信息。

## 二、使用目的
我们仅为以下目的使用您的个人信息：创建和管理账号、验证身份（包括发送短信验证码）；按项目和权限提供协同服务；保障账号和平台安全、排查故障；履行法律法规规定的义务（例如建筑工人实名制管理和网络日志留存）。未经您同意，我们不会将个人信息用于上述目的以外的用途。

## 三、敏感个人信息
施工人员的身份证号和手机号在列表、详情和导出中默认脱敏显示（例如 6101**********1581、138****0001）。只有被授予“查看敏感个人信息”权限的人员才能逐条查看完整信息或导出完整信息，每次查看和导出都会记录操作人、时间、项目和条数。

## 四、共享、委托处理与公开
我们不会出售您的个人信息。您的信息仅在以下情形下提供给他人：按您所在项目的权限设置向项目成员展示；委托短信服务商发送验证码和账号安全通知（仅提供手机号和短信内容）；法律法规要求或有权机关依法要求时。

## 五、存储地点和期限
个人信息存储在运营方部署本平台的服务器上，位于中华人民共和国境内。账号信息在账号存续期间保存，账号注销后将在合理期限内删除或匿名化，法律法规另有规定的除外；登录和审计日志保存不少于六个月；项目数据按项目所属单位的要求保存和删除。

## 六、安全措施
我们采取密码以不可逆方式存储、支持 HTTPS 加密传输、按权限访问、敏感信息脱敏、操作审计等措施保护个人信息。发生个人信息安全事件时，我们将依法告知您并采取补救措施。

## 七、您的权利
依照《个人信息保护法》，您有权查阅、复制、更正、补充您的个人信息，有权请求删除个人信息、撤回同意、注销账号，有权要求我们对个人信息处理规则作出解释说明，并在符合条件时请求将个人信息转移至您指定的个人信息处理者。撤回同意不影响撤回前基于同意已进行的处理。您可以在“个人中心”修改资料，或通过下方方式联系我们，我们将在十五个工作日内答复。

## 八、未成年人
本平台面向工程建设从业人员，不向未满十四周岁的未成年人提供服务。

## 九、本政策的变更
政策内容变更时，我们将发布新版本并在本平台公示，此后注册的用户须同意新版本。您可以随时通过注册页面的链接查看现行版本；如不同意变更后的政策，您可以撤回同意并申请注销账号。

## 十、联系我们
个人信息保护相关问题，请联系运营方 {{operator}}，或您所在单位的系统管理员。`;

const PRIVACY_EN = `## {{product}} Privacy Policy

{{operator}} ("we", the organisation that deploys and runs this platform) processes your personal information in accordance with the Personal Information Protection Law of the People's Republic of China (PIPL) and other laws. This policy explains what we collect, why, how long we keep it, and your rights.

## 1. What we collect
1. Account information: account name, real name, mobile number, email address, and your password stored only as a one-way hash.
2. Profile information you choose to give: photo, city, organisation, position.
3. Usage records: sign-in times, IP addresses, failed sign-ins, and an audit log of actions such as viewing sensitive information, exports, deletions and changes of rights.
4. Project data: files, models and records you and other project members add.
5. Construction workers' information: names, ID numbers, mobile numbers, photos, crafts, attendance and violation records that project organisations enter for real-name labour management. ID numbers and mobile numbers are sensitive personal information.

## 2. Why we use it
Only to create and manage accounts and verify identities (including sending SMS codes); to provide the collaboration service according to projects and rights; to keep accounts and the platform secure and to fix faults; and to meet legal obligations (such as real-name management of construction workers and keeping network logs). We do not use personal information for other purposes without your consent.

## 3. Sensitive personal information
Workers' ID numbers and mobile numbers are masked in lists, details and exports by default (for example 6101**********1581, 138****0001). Only people given the right "View sensitive personal data" can show one record in full or export in full, and every such view and export is recorded with who, when, which project and how many records.

## 4. Sharing, processors and disclosure
We do not sell personal information. We provide it to others only: to project members as your project's rights allow; to the SMS provider that sends verification codes and account security notices (the mobile number and the message only); and where the law or a competent authority lawfully requires it.

## 5. Where and how long we keep it
Personal information is stored on the servers where the operator runs the platform, within the People's Republic of China. Account information is kept while the account exists and deleted or anonymised within a reasonable time after the account is closed, unless the law requires otherwise; sign-in and audit logs are kept for at least six months; project data is kept and deleted as the organisation owning the project decides.

## 6. Security
We store passwords only as one-way hashes, support encrypted transport (HTTPS), limit access by rights, mask sensitive information and audit sensitive actions. If a personal-information security incident occurs, we will inform you as the law requires and take remedial measures.

## 7. Your rights
Under the PIPL you may access, copy, correct and complete your personal information; ask for it to be deleted; withdraw your consent; close your account; ask us to explain how we process your information; and, where the conditions are met, ask for it to be transferred to another processor you designate. Withdrawing consent does not affect processing based on consent before the withdrawal. You can change your profile in your personal centre, or contact us as below; we answer within fifteen working days.

## 8. Minors
The platform is intended for people working in construction and is not offered to children under fourteen.

## 9. Changes to this policy
A changed policy is published on the platform as a new version, which every later registration must accept. The version in force can always be read from the link on the registration page; if you do not accept a changed policy, you may withdraw your consent and ask for your account to be closed.

## 10. Contact us
For questions about personal information, contact the operator, {{operator}}, or your organisation's system administrator.`;

export const DEFAULT_CLAUSE_TEXTS: Readonly<Record<ClauseKind, { zh: string; en: string }>> = {
  agreement: { zh: AGREEMENT_ZH, en: AGREEMENT_EN },
  privacy: { zh: PRIVACY_ZH, en: PRIVACY_EN },
};
