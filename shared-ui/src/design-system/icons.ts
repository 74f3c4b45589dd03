// The icons the site shows. Not shared: each app bundles the few it draws (about 0.4 KB each).
import {
  AppstoreOutlined as AppstoreIcon,
  CameraOutlined as CameraIcon,
  CheckCircleFilled as CheckCircleFilledIcon,
  CheckOutlined as CheckIcon,
  CloseCircleFilled as CloseCircleFilledIcon,
  CloudDownloadOutlined as CloudDownloadIcon,
  CloudServerOutlined as CloudServerIcon,
  DeleteOutlined as DeleteIcon,
  DownloadOutlined as DownloadIcon,
  ExclamationCircleFilled as ExclamationCircleFilledIcon,
  ExportOutlined as ExportIcon,
  EyeOutlined as EyeIcon,
  EyeInvisibleOutlined as EyeInvisibleIcon,
  FileOutlined as FileIcon,
  FileImageOutlined as FileImageIcon,
  FileSearchOutlined as FileSearchIcon,
  FileTextOutlined as FileTextIcon,
  FileUnknownOutlined as FileUnknownIcon,
  FileZipOutlined as FileZipIcon,
  FolderOpenOutlined as FolderOpenIcon,
  FundProjectionScreenOutlined as FundProjectionScreenIcon,
  GlobalOutlined as GlobalIcon,
  HeartOutlined as HeartIcon,
  HighlightOutlined as HighlightIcon,
  InboxOutlined as InboxIcon,
  InfoCircleFilled as InfoCircleFilledIcon,
  InfoCircleOutlined as InfoCircleIcon,
  LinkOutlined as LinkIcon,
  LoadingOutlined as LoadingIcon,
  LockOutlined as LockIcon,
  LogoutOutlined as LogoutIcon,
  PictureOutlined as PictureIcon,
  SaveOutlined as SaveIcon,
  SearchOutlined as SearchIcon,
  StopOutlined as StopIcon,
  UnlockOutlined as UnlockIcon,
} from '@ant-design/icons';
import { type ComponentProps, createElement } from 'react';

type IconProps = ComponentProps<typeof AppstoreIcon>;

/**
 * antd names every icon for screen readers ("folder-open"), and a button or link reads that name
 * before its own words: "folder-open Save to folder…". The site's icons only repeat what their
 * control already says, so they are hidden from assistive technology here, once for every call
 * site. An icon given an `aria-label` of its own says something, and stays an image.
 */
function decorative(Icon: typeof AppstoreIcon) {
  return function DecorativeIcon(props: IconProps) {
    return createElement(Icon, { 'aria-hidden': props['aria-label'] === undefined ? true : undefined, ...props });
  };
}

export const AppstoreOutlined = /* @__PURE__ */ decorative(AppstoreIcon);
export const CameraOutlined = /* @__PURE__ */ decorative(CameraIcon);
export const CheckCircleFilled = /* @__PURE__ */ decorative(CheckCircleFilledIcon);
export const CheckOutlined = /* @__PURE__ */ decorative(CheckIcon);
export const CloseCircleFilled = /* @__PURE__ */ decorative(CloseCircleFilledIcon);
export const CloudDownloadOutlined = /* @__PURE__ */ decorative(CloudDownloadIcon);
export const CloudServerOutlined = /* @__PURE__ */ decorative(CloudServerIcon);
export const DeleteOutlined = /* @__PURE__ */ decorative(DeleteIcon);
export const DownloadOutlined = /* @__PURE__ */ decorative(DownloadIcon);
export const ExclamationCircleFilled = /* @__PURE__ */ decorative(ExclamationCircleFilledIcon);
export const ExportOutlined = /* @__PURE__ */ decorative(ExportIcon);
export const EyeInvisibleOutlined = /* @__PURE__ */ decorative(EyeInvisibleIcon);
export const EyeOutlined = /* @__PURE__ */ decorative(EyeIcon);
export const FileImageOutlined = /* @__PURE__ */ decorative(FileImageIcon);
export const FileOutlined = /* @__PURE__ */ decorative(FileIcon);
export const FileSearchOutlined = /* @__PURE__ */ decorative(FileSearchIcon);
export const FileTextOutlined = /* @__PURE__ */ decorative(FileTextIcon);
export const FileUnknownOutlined = /* @__PURE__ */ decorative(FileUnknownIcon);
export const FileZipOutlined = /* @__PURE__ */ decorative(FileZipIcon);
export const FolderOpenOutlined = /* @__PURE__ */ decorative(FolderOpenIcon);
export const FundProjectionScreenOutlined = /* @__PURE__ */ decorative(FundProjectionScreenIcon);
export const GlobalOutlined = /* @__PURE__ */ decorative(GlobalIcon);
export const HeartOutlined = /* @__PURE__ */ decorative(HeartIcon);
export const HighlightOutlined = /* @__PURE__ */ decorative(HighlightIcon);
export const InboxOutlined = /* @__PURE__ */ decorative(InboxIcon);
export const InfoCircleFilled = /* @__PURE__ */ decorative(InfoCircleFilledIcon);
export const InfoCircleOutlined = /* @__PURE__ */ decorative(InfoCircleIcon);
export const LinkOutlined = /* @__PURE__ */ decorative(LinkIcon);
export const LoadingOutlined = /* @__PURE__ */ decorative(LoadingIcon);
export const LockOutlined = /* @__PURE__ */ decorative(LockIcon);
export const LogoutOutlined = /* @__PURE__ */ decorative(LogoutIcon);
export const PictureOutlined = /* @__PURE__ */ decorative(PictureIcon);
export const SaveOutlined = /* @__PURE__ */ decorative(SaveIcon);
export const SearchOutlined = /* @__PURE__ */ decorative(SearchIcon);
export const StopOutlined = /* @__PURE__ */ decorative(StopIcon);
export const UnlockOutlined = /* @__PURE__ */ decorative(UnlockIcon);
