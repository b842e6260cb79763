import { removeInvestorFromWhitelist, whitelistInvestor } from "@fundament/sdk";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { AddressForm } from "./AddressForm";

/** Whitelist or delist an investor wallet. */
export function WhitelistSection() {
  const add = useFundAction(whitelistInvestor);
  const remove = useFundAction(removeInvestorFromWhitelist);
  const busy = add.state.status === "pending" || remove.state.status === "pending";
  return (
    <section className="card" aria-labelledby="whitelist-title">
      <h2 id="whitelist-title">Investor whitelist</h2>
      <p className="muted">Only whitelisted wallets can invest.</p>
      <AddressForm
        label="Investor wallet address"
        busy={busy}
        actions={[
          {
            label: "Whitelist investor",
            onSubmit: (investor) => {
              remove.reset();
              return add.run({ investor });
            },
          },
          {
            label: "Remove from whitelist",
            tone: "secondary",
            onSubmit: (investor) => {
              add.reset();
              return remove.run({ investor });
            },
          },
        ]}
      />
      <TxStatus state={add.state} />
      <TxStatus state={remove.state} />
    </section>
  );
}
