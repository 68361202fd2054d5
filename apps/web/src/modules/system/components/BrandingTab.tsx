import './BrandingTab.locales';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ICP_PATTERN,
  isProfileUrl,
  LOGO_MAX_BYTES,
  PROFILE_LIMITS,
  type SystemProfile,
  type SystemProfilePatch,
} from '@lintel/contracts/system';
import {
  Alert,
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  message as messageApi,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Switch,
  Typography,
  Upload,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { errorMessage } from '../../../lib/errors';
import { BrandingPreview } from './BrandingPreview';
import {
  readAsBase64,
  useEditableProfile,
  useRemoveLogo,
  useSaveProfile,
  useSetLogo,
} from './BrandingTab.api';

/** The fields this screen edits (the logo has its own calls). */
type FormValues = Omit<SystemProfile, 'version' | 'fallbackVersion' | 'buildDate' | 'logoUrl'>;

const SWITCHES = ['i18n', 'privacyNotice', 'passportLogin', 'cloud', 'methodOverride'] as const;
const DOWNLOADS = ['pc', 'revit', 'navisworks', 'ios', 'android'] as const;
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

function valuesOf(profile: SystemProfile): FormValues {
  const { version: _v, fallbackVersion: _f, buildDate: _b, logoUrl: _l, ...values } = profile;
  return values;
}

/**
 * What differs from the profile as it was loaded, as the patch the server takes (trimmed texts): another
 * administrator's concurrent change to other fields is kept, since only the fields changed here are sent.
 */
function changesOf(values: FormValues, loaded: SystemProfile): SystemProfilePatch {
  const all = patchOf(values) as Record<string, unknown>;
  const before = valuesOf(loaded) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(all).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  ) as SystemProfilePatch;
}

/** The form's values as the patch the server takes (trimmed texts). */
function patchOf(values: FormValues): SystemProfilePatch {
  const trim = (text: string | undefined) => (text ?? '').trim();
  return {
    ...values,
    productName: trim(values.productName),
    productNameEn: trim(values.productNameEn),
    copyrightCompany: trim(values.copyrightCompany),
    copyrightCompanyEn: trim(values.copyrightCompanyEn),
    icp: trim(values.icp),
    extraInfo: trim(values.extraInfo),
    downloads: Object.fromEntries(
      DOWNLOADS.map((key) => [key, trim(values.downloads?.[key])]),
    ) as SystemProfile['downloads'],
  };
}

/**
 * /system → branding: the OEM profile edited on a screen — product names in both languages, logo,
 * copyright, ICP number, footer, switches, download links — with a live preview of the header and footer in
 * both languages. Saving applies at once (the shell reads the same profile query).
 */
export function BrandingTab() {
  const { t } = useTranslation();
  const [message, messageHolder] = messageApi.useMessage();
  const [form] = Form.useForm<FormValues>();
  const profile = useEditableProfile();
  const save = useSaveProfile();
  const setLogo = useSetLogo();
  const removeLogo = useRemoveLogo();
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;

  if (profile.isLoading) return <Skeleton active />;
  if (!profile.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('systemBranding:loadFailed')}
        description={profile.error ? errorMessage(profile.error, t) : undefined}
      />
    );
  }
  const current = profile.data;
  const preview: SystemProfile = { ...current, ...(watched ?? {}), downloads: current.downloads };

  const max = (limit: number): Rule => ({
    max: limit,
    message: t('systemBranding:rule.tooLong', { max: limit }),
  });
  const urlRule: Rule = {
    validator: async (_, value: string | undefined) => {
      if (!isProfileUrl((value ?? '').trim())) throw new Error(t('systemBranding:rule.url'));
    },
  };

  async function submit(values: FormValues) {
    try {
      const saved = await save.mutateAsync(changesOf(values, current));
      form.setFieldsValue(valuesOf(saved));
      message.success(t('systemBranding:saved'));
    } catch {
      // Shown in the alert above the form.
    }
  }

  async function upload(file: File) {
    if (!PICTURE_TYPES.includes(file.type)) {
      message.error(t('systemBranding:logo.notImage'));
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      message.error(t('systemBranding:logo.tooLarge', { max: LOGO_MAX_BYTES / 1024 }));
      return;
    }
    try {
      await setLogo.mutateAsync(await readAsBase64(file));
      message.success(t('systemBranding:logo.uploaded'));
    } catch (error) {
      message.error(errorMessage(error, t));
    }
  }

  const customLogo = current.logoUrl !== '';
  return (
    <div data-testid="system-branding">
      {messageHolder}
      <Typography.Paragraph type="secondary">{t('systemBranding:intro')}</Typography.Paragraph>
      {save.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(save.error, t)}
          style={{ marginBottom: 12 }}
          data-testid="branding-error"
        />
      ) : null}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <Form<FormValues>
            form={form}
            layout="vertical"
            initialValues={valuesOf(current)}
            onFinish={(values) => void submit(values)}
          >
            <Divider titlePlacement="start">{t('systemBranding:section.product')}</Divider>
            <Form.Item
              name="productName"
              label={t('systemBranding:productName')}
              rules={[
                { required: true, whitespace: true, message: t('systemBranding:rule.productNameRequired') },
                max(PROFILE_LIMITS.productName),
              ]}
            >
              <Input data-testid="branding-productName" />
            </Form.Item>
            <Form.Item
              name="productNameEn"
              label={t('systemBranding:productNameEn')}
              extra={t('systemBranding:productNameEnHint')}
              rules={[max(PROFILE_LIMITS.productNameEn)]}
            >
              <Input data-testid="branding-productNameEn" />
            </Form.Item>

            <Divider titlePlacement="start">{t('systemBranding:section.logo')}</Divider>
            <Space wrap align="center" style={{ marginBottom: 8 }}>
              <BrandLogo url={current.logoUrl} alt={t('systemBranding:logo.current')} size={40} />
              {customLogo ? null : (
                <Typography.Text type="secondary">{t('systemBranding:logo.builtIn')}</Typography.Text>
              )}
              <Upload
                accept={PICTURE_TYPES.join(',')}
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(file);
                  return false;
                }}
              >
                <Button
                  icon={<UploadOutlined />}
                  loading={setLogo.isPending}
                  data-testid="branding-logo-upload"
                >
                  {t('systemBranding:logo.upload')}
                </Button>
              </Upload>
              {customLogo ? (
                <Popconfirm
                  title={t('systemBranding:logo.removeConfirm')}
                  onConfirm={async () => {
                    try {
                      await removeLogo.mutateAsync();
                      message.success(t('systemBranding:logo.removed'));
                    } catch (error) {
                      message.error(errorMessage(error, t));
                    }
                  }}
                >
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    loading={removeLogo.isPending}
                    data-testid="branding-logo-remove"
                  >
                    {t('systemBranding:logo.remove')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Space>
            <Typography.Paragraph type="secondary">
              {t('systemBranding:logo.hint', { max: LOGO_MAX_BYTES / 1024 })}
            </Typography.Paragraph>

            <Divider titlePlacement="start">{t('systemBranding:section.footer')}</Divider>
            <Form.Item
              name="copyrightCompany"
              label={t('systemBranding:copyrightCompany')}
              rules={[max(PROFILE_LIMITS.copyrightCompany)]}
            >
              <Input data-testid="branding-copyrightCompany" />
            </Form.Item>
            <Form.Item
              name="copyrightCompanyEn"
              label={t('systemBranding:copyrightCompanyEn')}
              rules={[max(PROFILE_LIMITS.copyrightCompany)]}
            >
              <Input data-testid="branding-copyrightCompanyEn" />
            </Form.Item>
            <Form.Item
              name="icp"
              label={t('systemBranding:icp')}
              extra={t('systemBranding:icpHint')}
              rules={[
                max(PROFILE_LIMITS.icp),
                {
                  validator: async (_, value: string | undefined) => {
                    const text = (value ?? '').trim();
                    if (text && !ICP_PATTERN.test(text)) throw new Error(t('systemBranding:rule.icp'));
                  },
                },
              ]}
            >
              <Input data-testid="branding-icp" />
            </Form.Item>
            <Form.Item
              name="extraInfo"
              label={t('systemBranding:extraInfo')}
              rules={[max(PROFILE_LIMITS.extraInfo)]}
            >
              <Input.TextArea rows={2} data-testid="branding-extraInfo" />
            </Form.Item>

            <Divider titlePlacement="start">{t('systemBranding:section.switches')}</Divider>
            {SWITCHES.map((key) => (
              <Form.Item key={key} name={key} valuePropName="checked" style={{ marginBottom: 8 }}>
                <SwitchLine label={t(`systemBranding:switch.${key}`)} testId={`branding-${key}`} />
              </Form.Item>
            ))}
            <Form.Item
              name="logoutTime"
              label={t('systemBranding:switch.logoutTime')}
              extra={t('systemBranding:switch.logoutTimeHint')}
            >
              <InputNumber min={0} max={24 * 60} precision={0} data-testid="branding-logoutTime" />
            </Form.Item>

            <Divider titlePlacement="start">{t('systemBranding:section.downloads')}</Divider>
            <Typography.Paragraph type="secondary">{t('systemBranding:download.hint')}</Typography.Paragraph>
            {DOWNLOADS.map((key) => (
              <Form.Item
                key={key}
                name={['downloads', key]}
                label={t(`systemBranding:download.${key}`)}
                rules={[max(PROFILE_LIMITS.url), urlRule]}
              >
                <Input data-testid={`branding-download-${key}`} />
              </Form.Item>
            ))}

            <Space wrap>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="branding-save">
                {t('systemBranding:save')}
              </Button>
              <Button onClick={() => form.setFieldsValue(valuesOf(current))}>
                {t('systemBranding:reset')}
              </Button>
            </Space>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <Divider titlePlacement="start">{t('systemBranding:section.preview')}</Divider>
          <BrandingPreview profile={preview} />
        </Col>
      </Row>
    </div>
  );
}

/** A switch with its label beside it, as a Form.Item control (value in `checked`). */
function SwitchLine({
  checked,
  onChange,
  label,
  testId,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  label: string;
  testId: string;
}) {
  return (
    <Space align="start">
      <Switch
        checked={checked ?? false}
        onChange={(next) => onChange?.(next)}
        aria-label={label}
        data-testid={testId}
      />
      <span>{label}</span>
    </Space>
  );
}
