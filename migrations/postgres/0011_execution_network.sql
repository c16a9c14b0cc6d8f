-- What of the network an execution's command uses, as the one
-- classification made when it was proposed found it (issue 28: classify
-- once). A read-only run is confined with exactly this: `none` (a network
-- of its own), `inspects` (the host's network to read, no IP socket),
-- `cluster` (that, and the abstract sockets Proxmox's tools use) or
-- `reaches` (IP sockets, for commands whose every destination the
-- classifier checked). Rows from before default to `none`: less access,
-- never more.
ALTER TABLE executions ADD COLUMN network TEXT NOT NULL DEFAULT 'none'
    CHECK (network IN ('none', 'inspects', 'cluster', 'reaches'));
