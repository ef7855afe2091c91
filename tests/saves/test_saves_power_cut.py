"""Power cuts at every file operation of a short battle (issue #20).

A tracer records every file operation the saves module makes (creations, appends,
truncations, fsyncs of files and folders, renames, deletions, new folders) while a
short battle is played: first launch (the data folder made), a save created, the last
battle noted, events appended, checkpoints, a close, a reopen, more events. Then, for a
power cut after each operation, it builds the disks that may be found afterwards: data
not yet fsync'd lost, torn or kept; each rename, creation or deletion not yet made
durable by an fsync of its folder kept or not (all, none, each one alone, all but each
one). Every such disk must load, with every acknowledged entry, and the last-battle
note once acknowledged must name the battle.

Then a battle cut off by the power in the middle of a checkpoint: each distinct disk
that cut may leave is reopened, an event appended, a checkpoint made and another
event appended, that second session traced and cut at every operation in the same way.
"""

from __future__ import annotations

import itertools
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from saves_testkit import HEADER, entry

from saves import BattleStore, data_dir, last_battle, load, remember_last_battle


@dataclass
class Folder:
    durable: dict[str, int] = field(default_factory=dict)
    current: dict[str, int] = field(default_factory=dict)
    pending: list[tuple[Any, ...]] = field(default_factory=list)


@dataclass
class Model:
    """The disk after some operations: what is durable and what is not yet."""

    folders: dict[int, Folder] = field(default_factory=lambda: {0: Folder()})
    files: dict[int, list[bytes]] = field(default_factory=dict)  # id -> [durable, current]
    acked: int = -1  # entries acknowledged (-1: the save's creation not yet)
    noted: bool = False  # the last-battle note acknowledged


def _apply_name_op(entries: dict[str, int], op: tuple[Any, ...]) -> None:
    kind = op[0]
    if kind in ("create", "mkdir"):
        entries[op[2]] = op[3]
    elif kind == "rename":
        if op[2] in entries:
            entries[op[3]] = entries.pop(op[2])
    elif kind == "unlink":
        entries.pop(op[2], None)


def replay(ops: list[tuple[Any, ...]]) -> Model:
    model = Model()
    for op in ops:
        kind = op[0]
        if kind in ("create", "mkdir", "rename", "unlink"):
            folder = model.folders[op[1]]
            _apply_name_op(folder.current, op)
            folder.pending.append(op)
            if kind == "create":
                model.files[op[3]] = [b"", b""]
            elif kind == "mkdir":
                model.folders[op[3]] = Folder()
        elif kind == "write":
            model.files[op[1]][1] += op[2]
        elif kind == "truncate":
            model.files[op[1]][1] = model.files[op[1]][1][: op[2]]
        elif kind == "fsync":
            model.files[op[1]][0] = model.files[op[1]][1]
        elif kind == "fsyncdir":
            folder = model.folders[op[1]]
            folder.durable = dict(folder.current)
            folder.pending = []
        elif kind == "ack":
            model.acked = op[1]
        elif kind == "noted":
            model.noted = True
    return model


def disks(model: Model) -> list[tuple[str, dict[int, dict[str, int]], str]]:
    """(name, each folder's entries, data variant) for every disk this cut may leave."""
    pending = [(fid, i) for fid, f in model.folders.items() for i in range(len(f.pending))]

    def entries(choose: Any) -> dict[int, dict[str, int]]:
        out = {}
        for fid, folder in model.folders.items():
            names = dict(folder.durable)
            for i, op in enumerate(folder.pending):
                if choose(fid, i):
                    _apply_name_op(names, op)
            out[fid] = names
        return out

    layouts = [("all renames kept", entries(lambda f, i: True)), ("none kept", entries(lambda f, i: False))]
    for fid, i in pending:
        layouts.append((f"only {fid}:{i} kept", entries(lambda f, j, fid=fid, i=i: (f, j) == (fid, i))))
        layouts.append((f"all but {fid}:{i} kept", entries(lambda f, j, fid=fid, i=i: (f, j) != (fid, i))))
    unsynced = any(d != c for d, c in model.files.values())
    variants = ("lost", "torn", "kept") if unsynced else ("kept",)
    return [(f"{name}, data {v}", layout, v) for (name, layout), v in itertools.product(layouts, variants)]


def materialise(model: Model, layout: dict[int, dict[str, int]], data: str, where: Path) -> None:
    def build(fid: int, path: Path) -> None:
        path.mkdir()
        for name, child in layout[fid].items():
            if child in model.folders:
                build(child, path / name)
            else:
                durable, current = model.files[child]
                if data == "kept" or not current.startswith(durable):
                    content = current if data == "kept" else durable
                elif data == "torn":
                    content = current[: len(durable) + (len(current) - len(durable)) // 2]
                else:
                    content = durable
                (path / name).write_bytes(content)

    build(0, where)


class Tracer:
    """Wraps ``os`` functions to record what happens under ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = str(root)
        self.ops: list[tuple[Any, ...]] = []
        self.ids: dict[int, int] = {os.stat(root).st_ino: 0}
        self.fds: dict[int, int] = {}
        self.next_id = 1
        self.real = {
            name: getattr(os, name)
            for name in ("open", "write", "fsync", "ftruncate", "replace", "rename", "unlink", "mkdir")
        }

    def _under(self, path: Any) -> bool:
        return isinstance(path, (str, os.PathLike)) and os.fspath(path).startswith(self.root)

    def _parent(self, path: Any) -> tuple[int, str]:
        p = os.fspath(path)
        return self.ids[os.stat(os.path.dirname(p)).st_ino], os.path.basename(p)

    def _new(self, ino: int) -> int:
        self.ids[ino] = fid = self.next_id
        self.next_id += 1
        return fid

    def open(self, path: Any, flags: int, mode: int = 0o777, **kw: Any) -> int:
        under = self._under(path)
        existed = os.path.lexists(path) if under else True
        fd = self.real["open"](path, flags, mode, **kw)
        if under:
            ino = os.fstat(fd).st_ino
            if not existed:
                parent, name = self._parent(path)
                self.ops.append(("create", parent, name, self._new(ino)))
            self.fds[fd] = self.ids[ino]
        return fd

    def write(self, fd: int, data: Any) -> int:
        written = self.real["write"](fd, data)
        if fd in self.fds:
            self.ops.append(("write", self.fds[fd], bytes(data[:written])))
        return written

    def ftruncate(self, fd: int, size: int) -> None:
        self.real["ftruncate"](fd, size)
        if fd in self.fds:
            self.ops.append(("truncate", self.fds[fd], size))

    def fsync(self, fd: int) -> None:
        self.real["fsync"](fd)
        if fd in self.fds:
            fid = self.fds[fd]
            is_dir = stat.S_ISDIR(os.fstat(fd).st_mode)
            self.ops.append(("fsyncdir" if is_dir else "fsync", fid))

    def rename(self, src: Any, dst: Any, **kw: Any) -> None:
        self._move("rename", src, dst, **kw)

    def replace(self, src: Any, dst: Any, **kw: Any) -> None:
        self._move("replace", src, dst, **kw)

    def _move(self, how: str, src: Any, dst: Any, **kw: Any) -> None:
        under = self._under(src)
        parent, name = self._parent(src) if under else (0, "")
        self.real[how](src, dst, **kw)
        if under:
            assert os.path.dirname(os.fspath(src)) == os.path.dirname(os.fspath(dst))
            self.ops.append(("rename", parent, name, os.path.basename(os.fspath(dst))))

    def unlink(self, path: Any, **kw: Any) -> None:
        under = self._under(path)
        parent, name = self._parent(path) if under else (0, "")
        self.real["unlink"](path, **kw)
        if under:
            self.ops.append(("unlink", parent, name))

    def mkdir(self, path: Any, mode: int = 0o777, **kw: Any) -> None:
        self.real["mkdir"](path, mode, **kw)
        if self._under(path):
            parent, name = self._parent(path)
            self.ops.append(("mkdir", parent, name, self._new(os.stat(path).st_ino)))

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in self.real:
            monkeypatch.setattr(os, name, getattr(self, name))


def _play(root: Path, tracer: Tracer) -> Path:
    """The short battle: first launch, create, note, appends, checkpoints, close, reopen."""
    folder = data_dir(root / "data")
    store = BattleStore.create(folder / "t.skirmish", HEADER, fold_min=2, background=False)
    tracer.ops.append(("ack", 0))
    remember_last_battle(folder, store.path)
    tracer.ops.append(("noted",))
    for seq in range(5):
        store.append(entry(seq))
        tracer.ops.append(("ack", seq + 1))
    store.close()
    store = BattleStore.open(folder / "t.skirmish", fold_min=2, background=False)
    store.append_many([entry(5), entry(6)])
    tracer.ops.append(("ack", 7))
    store.append(entry(7))
    tracer.ops.append(("ack", 8))
    store.checkpoint()
    store.append(entry(8))
    tracer.ops.append(("ack", 9))
    store.close()
    return store.path


def test_every_disk_a_power_cut_may_leave_loads_with_every_acknowledged_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "disk"
    root.mkdir()
    tracer = Tracer(root)
    with monkeypatch.context() as patch:
        tracer.install(patch)
        save = _play(root, tracer)
    relative = save.relative_to(root)
    expected = [entry(seq) for seq in range(9)]
    states = 0
    for cut in range(1, len(tracer.ops) + 1):
        if tracer.ops[cut - 1][0] in ("ack", "noted"):
            continue
        model = replay(tracer.ops[:cut])
        for name, layout, data in disks(model):
            where = tmp_path / f"cut-{states}"
            materialise(model, layout, data, where)
            states += 1
            context = f"cut after op {cut - 1} {tracer.ops[cut - 1][:2]} ({name})"
            path = where / relative
            if not path.exists():
                assert model.acked < 0, f"{context}: the acknowledged save vanished"
                continue
            _, entries = load(path)
            assert entries == expected[: len(entries)], context
            assert len(entries) >= max(model.acked, 0), f"{context}: {model.acked} acknowledged, {len(entries)} loaded"
            if model.noted:
                assert last_battle(where / "data") is not None, f"{context}: the last-battle note was lost"
            if states % 7 == 0:  # the writer takes such a disk over and goes on
                with BattleStore.open(path, fold_min=2, background=False) as store:
                    count = store.count
                    store.append(entry(count))
                assert [e["seq"] for e in load(path)[1]] == list(range(count + 1)), context
    assert states > 300
    print(f"{states} disk states after {len(tracer.ops)} operations")


def _seed(tracer: Tracer) -> None:
    """Record what is already under the tracer's root as durable: a disk a power cut left."""
    for top, dirs, files in os.walk(tracer.root):
        parent = tracer.ids[os.stat(top).st_ino]
        for name in sorted(dirs):
            tracer.ops.append(("mkdir", parent, name, tracer._new(os.stat(os.path.join(top, name)).st_ino)))
        for name in sorted(files):
            path = os.path.join(top, name)
            fid = tracer._new(os.stat(path).st_ino)
            with open(path, "rb") as handle:
                tracer.ops += [("create", parent, name, fid), ("write", fid, handle.read()), ("fsync", fid)]
        tracer.ops.append(("fsyncdir", parent))


def _cut_disks(tracer: Tracer, start: int, stop: int) -> list[tuple[str, Model, dict[int, dict[str, int]], str]]:
    """Every disk a power cut after each operation from ``start`` to ``stop`` may leave."""
    out = []
    for cut in range(start + 1, stop + 1):
        if tracer.ops[cut - 1][0] in ("ack", "noted"):
            continue
        model = replay(tracer.ops[:cut])
        for name, layout, data in disks(model):
            out.append((f"cut after op {cut - 1} {tracer.ops[cut - 1][:2]} ({name})", model, layout, data))
    return out


def _fingerprint(where: Path) -> tuple[tuple[str, bytes], ...]:
    return tuple(sorted((str(p.relative_to(where)), p.read_bytes() if p.is_file() else b"/") for p in where.rglob("*")))


def test_a_save_cut_mid_checkpoint_reopens_appends_and_checkpoints_through_more_power_cuts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "disk"
    root.mkdir()
    tracer = Tracer(root)
    with monkeypatch.context() as patch:
        tracer.install(patch)
        folder = data_dir(root / "data")
        store = BattleStore.create(folder / "t.skirmish", HEADER, fold_min=64, background=False)
        for seq in range(5):
            store.append(entry(seq))
        tracer.ops.append(("ack", 5))
        start = len(tracer.ops)
        store.checkpoint()  # the power goes somewhere in here
        stop = len(tracer.ops)
    store.close()
    relative = store.path.relative_to(root)
    assert stop - start >= 6, tracer.ops[start:stop]  # a new segment, battle.json replaced, old segment gone
    first: dict[tuple[tuple[str, bytes], ...], tuple[str, Path]] = {}
    for index, (context, model, layout, data) in enumerate(_cut_disks(tracer, start, stop)):
        where = tmp_path / f"first-{index}"
        materialise(model, layout, data, where)
        first.setdefault(_fingerprint(where), (context, where))
        assert len(load(where / relative)[1]) == 5, context
    assert len(first) >= 5, len(first)
    states = 0
    for number, (context, disk) in enumerate(first.values()):
        second = Tracer(disk)
        _seed(second)
        second.ops.append(("ack", 5))  # on that disk, durable: nothing the second session does may lose them
        begun = len(second.ops)
        with monkeypatch.context() as patch:
            second.install(patch)
            store = BattleStore.open(disk / relative, fold_min=64, background=False)
            count = store.count
            second.ops.append(("ack", count))
            store.append(entry(count))
            second.ops.append(("ack", count + 1))
            store.checkpoint()
            store.append(entry(count + 1))
            second.ops.append(("ack", count + 2))
        store.close()
        assert count == 5, context
        for again, model, layout, data in _cut_disks(second, begun, len(second.ops)):
            where = tmp_path / f"second-{number}-{states}"
            materialise(model, layout, data, where)
            states += 1
            what = f"{context}, reopened, then {again}"
            entries = load(where / relative)[1]
            assert entries == [entry(seq) for seq in range(len(entries))], what
            assert len(entries) >= model.acked, f"{what}: {model.acked} acknowledged, {len(entries)} loaded"
            if states % 29 == 0:  # and the writer takes that disk over again
                with BattleStore.open(where / relative, fold_min=2, background=False) as store:
                    store.append(entry(store.count))
                    store.checkpoint()
                assert [e["seq"] for e in load(where / relative)[1]] == list(range(len(entries) + 1)), what
    assert states > 300
    print(f"{len(first)} disks cut mid-checkpoint, {states} disks after cuts in the second session")
