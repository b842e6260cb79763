import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";
import { EmbeddedFrameSlot } from "./embedded/EmbeddedFrameSlot.js";

/** The secure frame's own visible step (recovery file save or restore): the frame is shown over this box. */
export function EmbeddedFrameView() {
  const { core } = useWalletRuntime();
  const title = useStore(core.router, (s) => (typeof s.data?.title === "string" ? s.data.title : ""));
  return (
    <div className="fw-stack">
      {title ? <p className="fw-subtitle">{title}</p> : null}
      <EmbeddedFrameSlot />
    </div>
  );
}
