import "./shared/styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { ConfigErrorScreen } from "./shared/components/ConfigErrorScreen";
import { loadAppConfig } from "./shared/lib/config";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = createRoot(container);

// One fetch of the runtime config before the first render.
loadAppConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) => root.render(<ConfigErrorScreen error={error} />),
);
