import { Link } from 'react-router';
import type { CertificateLineage, LineageNode } from '../../../contract/certificates';
import { formatShares } from '../../lib/format';
import { CertificateStatusBadge } from './certificate-status-badge';
import { certificatePath } from '../../lib/paths';

interface TreeNode {
  node: LineageNode;
  children: TreeNode[];
}

/**
 * The lineage as one tree: the root of the origin chain at the top, down through this
 * certificate to everything made from it. Nodes are the certificates the server sent; a node
 * whose parent is not among them (a cut chain) starts the tree.
 */
export function lineageTree(lineage: CertificateLineage): TreeNode | null {
  const all = [...lineage.ancestors, lineage.self, ...lineage.descendants];
  const byId = new Map<string, TreeNode>(all.map((node) => [node.id, { node, children: [] }]));
  let root: TreeNode | null = null;
  for (const node of all) {
    const item = byId.get(node.id)!;
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent) parent.children.push(item);
    else root ??= item;
  }
  return root;
}

/**
 * The certificates this one came from and those made from it, as nested lists: each a link to
 * its page (a holder's view shows others' certificates as plain text), this one marked as the
 * current page.
 */
export function LineageTree({ lineage }: { lineage: CertificateLineage }) {
  const root = lineageTree(lineage);
  if (!root) return null;
  const alone = lineage.ancestors.length === 0 && lineage.descendants.length === 0;
  return (
    <nav aria-labelledby="lineage-title" className="lineage">
      <h2 id="lineage-title" className="h5">
        Lineage
      </h2>
      {alone && (
        <p className="text-body-secondary small">
          This certificate was issued new and nothing has been made from it.
        </p>
      )}
      <ul className="lineage-tree">
        <Branch item={root} currentId={lineage.self.id} />
      </ul>
      {lineage.truncated && (
        <p className="small text-body-secondary mt-2">
          The lineage is longer than shown here: open a certificate at the edge to see further.
        </p>
      )}
    </nav>
  );
}

function Branch({ item, currentId }: { item: TreeNode; currentId: string }) {
  const { node } = item;
  const current = node.id === currentId;
  const label = `${node.certificate} · ${node.holderName ?? 'another holder'}`;
  return (
    <li>
      <span className={`lineage-node${current ? ' lineage-current' : ''}`}>
        {current ? (
          <strong aria-current="page">{label} (this certificate)</strong>
        ) : node.visible ? (
          <Link to={certificatePath(node.id)}>{label}</Link>
        ) : (
          <span>{label}</span>
        )}{' '}
        <span className="small text-body-secondary text-nowrap">
          {formatShares(node.originalShares)} shares
        </span>{' '}
        {node.status && <CertificateStatusBadge status={node.status} />}
      </span>
      {item.children.length > 0 && (
        <ul>
          {item.children.map((child) => (
            <Branch key={child.node.id} item={child} currentId={currentId} />
          ))}
        </ul>
      )}
    </li>
  );
}
