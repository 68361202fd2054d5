import { UploadOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useRef } from 'react';
import { ACCEPTED_EXTENSIONS } from '../uploadCheck';

interface FilePickerProps {
  children: ReactNode;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  testId: string;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  /** Shown but not usable (a missing right says why around it). */
  disabled?: boolean;
}

/** A button that opens the file chooser for IFC files (.ifc, .ifczip). */
export function FilePicker({
  children,
  multiple = false,
  onFiles,
  testId,
  type,
  size,
  disabled,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type={type}
        size={size}
        disabled={disabled}
        icon={<UploadOutlined />}
        onClick={() => input.current?.click()}
        data-testid={testId}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPTED_EXTENSIONS}
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file can be picked again after a refusal or a cancel.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
        data-testid={`${testId}-input`}
      />
    </>
  );
}
