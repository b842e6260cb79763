import { type ComponentType, lazy } from "react";
import type { View } from "../../core/views.js";
import { AccountView } from "./AccountView.js";
import { ConnectView } from "./ConnectView.js";

/**
 * The view of each route. Connect and Account are in the first bundle; every other view is a separate chunk,
 * loaded the first time it is opened.
 */
export const views: Record<View, ComponentType> = {
  Connect: ConnectView,
  Account: AccountView,
  AllWallets: lazy(() => import("./AllWalletsView.js").then((m) => ({ default: m.AllWalletsView }))),
  ConnectingExternal: lazy(() =>
    import("./ConnectingExternalView.js").then((m) => ({ default: m.ConnectingExternalView })),
  ),
  ConnectingWalletConnect: lazy(() =>
    import("./ConnectingWalletConnectView.js").then((m) => ({ default: m.ConnectingWalletConnectView })),
  ),
  ConnectingWalletConnectBasic: lazy(() =>
    import("./ConnectingWalletConnectBasicView.js").then((m) => ({ default: m.ConnectingWalletConnectBasicView })),
  ),
  ConnectingSiwe: lazy(() => import("./ConnectingSiweView.js").then((m) => ({ default: m.ConnectingSiweView }))),
  SIWXSignMessage: lazy(() => import("./SIWXSignMessageView.js").then((m) => ({ default: m.SIWXSignMessageView }))),
  ApproveTransaction: lazy(() =>
    import("./ApproveTransactionView.js").then((m) => ({ default: m.ApproveTransactionView })),
  ),
  UnsupportedChain: lazy(() => import("./UnsupportedChainView.js").then((m) => ({ default: m.UnsupportedChainView }))),
  Networks: lazy(() => import("./NetworksView.js").then((m) => ({ default: m.NetworksView }))),
  Send: lazy(() => import("./SendView.js").then((m) => ({ default: m.SendView }))),
  Receive: lazy(() => import("./ReceiveView.js").then((m) => ({ default: m.ReceiveView }))),
  Buy: lazy(() => import("./BuyView.js").then((m) => ({ default: m.BuyView }))),
  Swap: lazy(() => import("./SwapView.js").then((m) => ({ default: m.SwapView }))),
  SwapPreview: lazy(() => import("./SwapPreviewView.js").then((m) => ({ default: m.SwapPreviewView }))),
  Transactions: lazy(() => import("./TransactionsView.js").then((m) => ({ default: m.TransactionsView }))),
  RegisterAccountName: lazy(() =>
    import("./RegisterAccountNameView.js").then((m) => ({ default: m.RegisterAccountNameView })),
  ),
  RegisterAccountNameSuccess: lazy(() =>
    import("./RegisterAccountNameSuccessView.js").then((m) => ({ default: m.RegisterAccountNameSuccessView })),
  ),
  EmailVerifyOtp: lazy(() => import("./EmailVerifyOtpView.js").then((m) => ({ default: m.EmailVerifyOtpView }))),
  EmailVerifyDevice: lazy(() =>
    import("./EmailVerifyDeviceView.js").then((m) => ({ default: m.EmailVerifyDeviceView })),
  ),
  ConnectingSocial: lazy(() => import("./ConnectingSocialView.js").then((m) => ({ default: m.ConnectingSocialView }))),
  ConnectingFarcaster: lazy(() =>
    import("./ConnectingFarcasterView.js").then((m) => ({ default: m.ConnectingFarcasterView })),
  ),
  EmbeddedFrame: lazy(() => import("./EmbeddedFrameView.js").then((m) => ({ default: m.EmbeddedFrameView }))),
  UpdateEmail: lazy(() => import("./UpdateEmailView.js").then((m) => ({ default: m.UpdateEmailView }))),
  UpdateEmailPrimaryOtp: lazy(() =>
    import("./UpdateEmailPrimaryOtpView.js").then((m) => ({ default: m.UpdateEmailPrimaryOtpView })),
  ),
  UpdateEmailSecondaryOtp: lazy(() =>
    import("./UpdateEmailSecondaryOtpView.js").then((m) => ({ default: m.UpdateEmailSecondaryOtpView })),
  ),
};
