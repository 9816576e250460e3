"""The host end of the link to the device: the byte transport (pyserial), the host's side of the sync
(``host.HostLink``: one link's life, fed to the store), the tamper checks of sealed secrets, and the
chaos harnesses that put faults between the two ends.
"""
